/*
 * The round-trip probe of `npm run bench:gateway`, compiled at bench time with the machine's cc.
 * Node measuring Node would put a second event loop (timers, promises, stream machinery) into
 * every round trip, and that floor hides what a proxy adds; blocking sockets and one thread per
 * side leave only the kernel and the proxy in the loop.
 *
 *   pingpong echo
 *     Listens on 127.0.0.1 (a free port), prints the port on stdout, then serves each connection
 *     in its own thread: one greeting byte 'G', then everything received is sent back.
 *
 *   pingpong ping <port> <count> <size> [step...]
 *     Connects to 127.0.0.1:<port>, runs the handshake steps, reads the echo's greeting, then sends
 *     <count> pings of <size> bytes one after the other, each only once the previous one is fully
 *     back, and prints each round trip in nanoseconds, one per line. Steps:
 *       s<hex>  send these bytes
 *       r<n>    read exactly n bytes
 *       u<hex>  read up to and including this delimiter (an HTTP reply head: 0d0a0d0a)
 *       5       read the rest of a SOCKS5 reply after its first 4 bytes (the bound address, port)
 *     A failed step or a short read exits non-zero with the reason on stderr.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static void die(const char *what) {
  fprintf(stderr, "pingpong: %s: %s\n", what, errno != 0 ? strerror(errno) : "failed");
  exit(1);
}

static void nodelay(int fd) {
  int one = 1;
  if (setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one) != 0) {
    die("TCP_NODELAY");
  }
}

static void write_all(int fd, const unsigned char *p, size_t n) {
  while (n > 0) {
    ssize_t w = write(fd, p, n);
    if (w < 0 && errno == EINTR) {
      continue;
    }
    if (w <= 0) {
      die("write");
    }
    p += w;
    n -= (size_t)w;
  }
}

static void read_all(int fd, unsigned char *p, size_t n) {
  while (n > 0) {
    ssize_t r = read(fd, p, n);
    if (r < 0 && errno == EINTR) {
      continue;
    }
    if (r <= 0) {
      errno = r == 0 ? 0 : errno;
      die("read (peer closed or failed)");
    }
    p += r;
    n -= (size_t)r;
  }
}

static void *serve(void *arg) {
  int fd = (int)(long)arg;
  unsigned char buf[65536];
  nodelay(fd);
  if (write(fd, "G", 1) != 1) {
    close(fd);
    return NULL;
  }
  for (;;) {
    ssize_t r = read(fd, buf, sizeof buf);
    if (r < 0 && errno == EINTR) {
      continue;
    }
    if (r <= 0) {
      break;
    }
    unsigned char *p = buf;
    while (r > 0) {
      ssize_t w = write(fd, p, (size_t)r);
      if (w < 0 && errno == EINTR) {
        continue;
      }
      if (w <= 0) {
        close(fd);
        return NULL;
      }
      p += w;
      r -= w;
    }
  }
  close(fd);
  return NULL;
}

static int echo_main(void) {
  int lfd = socket(AF_INET, SOCK_STREAM, 0);
  if (lfd < 0) {
    die("socket");
  }
  struct sockaddr_in a;
  memset(&a, 0, sizeof a);
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = 0;
  if (bind(lfd, (struct sockaddr *)&a, sizeof a) != 0 || listen(lfd, 1024) != 0) {
    die("bind/listen");
  }
  socklen_t len = sizeof a;
  if (getsockname(lfd, (struct sockaddr *)&a, &len) != 0) {
    die("getsockname");
  }
  printf("%u\n", (unsigned)ntohs(a.sin_port));
  fflush(stdout);
  for (;;) {
    int fd = accept(lfd, NULL, NULL);
    if (fd < 0) {
      if (errno == EINTR || errno == ECONNABORTED) {
        continue;
      }
      die("accept");
    }
    pthread_t t;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    if (pthread_create(&t, &attr, serve, (void *)(long)fd) != 0) {
      close(fd);
    }
    pthread_attr_destroy(&attr);
  }
  return 0;
}

static size_t unhex(const char *s, unsigned char *out, size_t cap) {
  size_t n = strlen(s) / 2;
  if (n > cap) {
    errno = 0;
    die("step too long");
  }
  for (size_t i = 0; i < n; i++) {
    unsigned int byte;
    if (sscanf(s + 2 * i, "%2x", &byte) != 1) {
      errno = 0;
      die("bad hex in step");
    }
    out[i] = (unsigned char)byte;
  }
  return n;
}

static void read_until(int fd, const unsigned char *delim, size_t dlen) {
  unsigned char seen[8192];
  size_t n = 0;
  while (n < dlen || memcmp(seen + n - dlen, delim, dlen) != 0) {
    if (n == sizeof seen) {
      errno = 0;
      die("reply head too long");
    }
    /* Byte by byte: nothing past the delimiter may be consumed, it belongs to the tunnel. */
    read_all(fd, seen + n, 1);
    n += 1;
  }
}

static double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int ping_main(int argc, char **argv) {
  if (argc < 5) {
    fprintf(stderr, "usage: pingpong ping <port> <count> <size> [step...]\n");
    return 2;
  }
  int port = atoi(argv[2]);
  long count = atol(argv[3]);
  size_t size = (size_t)atol(argv[4]);
  if (port <= 0 || count <= 0 || size == 0 || size > 65536) {
    fprintf(stderr, "pingpong: bad arguments\n");
    return 2;
  }
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) {
    die("socket");
  }
  nodelay(fd);
  struct sockaddr_in a;
  memset(&a, 0, sizeof a);
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = htons((unsigned short)port);
  if (connect(fd, (struct sockaddr *)&a, sizeof a) != 0) {
    die("connect");
  }
  unsigned char buf[65536];
  for (int i = 5; i < argc; i++) {
    const char *step = argv[i];
    switch (step[0]) {
    case 's':
      write_all(fd, buf, unhex(step + 1, buf, sizeof buf));
      break;
    case 'r':
      read_all(fd, buf, (size_t)atol(step + 1));
      break;
    case 'u': {
      unsigned char delim[64];
      read_until(fd, delim, unhex(step + 1, delim, sizeof delim));
      break;
    }
    case '5': {
      /* The reply's first 4 bytes were read by an r4 step into buf; its ATYP says what follows. */
      size_t rest = buf[3] == 0x01 ? 4 : buf[3] == 0x04 ? 16 : 0;
      if (buf[3] == 0x03) {
        read_all(fd, buf + 4, 1);
        rest = buf[4];
      }
      read_all(fd, buf + 8, rest + 2);
      break;
    }
    default:
      fprintf(stderr, "pingpong: unknown step %s\n", step);
      return 2;
    }
  }
  read_all(fd, buf, 1);
  if (buf[0] != 'G') {
    errno = 0;
    die("no greeting from the echo target");
  }
  unsigned char *ping = malloc(size);
  unsigned char *pong = malloc(size);
  double *rtt = malloc(sizeof(double) * (size_t)count);
  if (ping == NULL || pong == NULL || rtt == NULL) {
    die("malloc");
  }
  memset(ping, 'p', size);
  for (long i = 0; i < count; i++) {
    double t0 = now_ns();
    write_all(fd, ping, size);
    read_all(fd, pong, size);
    rtt[i] = now_ns() - t0;
  }
  close(fd);
  /* Printed after the loop, so stdout never blocks a round trip. */
  for (long i = 0; i < count; i++) {
    printf("%.0f\n", rtt[i]);
  }
  return 0;
}

int main(int argc, char **argv) {
  signal(SIGPIPE, SIG_IGN);
  if (argc >= 2 && strcmp(argv[1], "echo") == 0) {
    return echo_main();
  }
  if (argc >= 2 && strcmp(argv[1], "ping") == 0) {
    return ping_main(argc, argv);
  }
  fprintf(stderr, "usage: pingpong echo | pingpong ping <port> <count> <size> [step...]\n");
  return 2;
}
