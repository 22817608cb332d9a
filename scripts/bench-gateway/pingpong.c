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
 *
 *   pingpong busy
 *     One thread that is both pinger and echo, busy-polling, so the load core never sleeps and the
 *     only wake-ups left in a round trip are the proxy's own. Listens on 127.0.0.1 (a free port) and
 *     prints the port, then takes one run per stdin line: <port> <count> <size> [step...], as for
 *     ping. It connects to <port>, runs the steps, accepts the connection that arrives on its
 *     listener (through the proxy, or the client itself when <port> is its own: the direct
 *     baseline), sends the greeting 'G' on it and reads it on the client socket. Then, per ping:
 *     send <size> bytes on the client socket, spin on recv() of the accepted socket until they are
 *     all in, send them back, spin on recv() of the client socket until they are back; both sockets
 *     non-blocking with TCP_NODELAY. It prints the round trips in nanoseconds, one per line, then a
 *     line "end", and waits for the next line. Any failure exits non-zero with the reason on stderr.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
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

/* Listens on 127.0.0.1 at a free port and prints the port, the caller's cue to go on. */
static int listen_loopback(void) {
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
  return lfd;
}

static int echo_main(void) {
  int lfd = listen_loopback();
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

static int connect_loopback(int port) {
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
  return fd;
}

/* The proxy's handshake on a blocking socket, as the steps say (see the top of this file). */
static void handshake(int fd, int nsteps, char **steps) {
  unsigned char buf[65536];
  for (int i = 0; i < nsteps; i++) {
    const char *step = steps[i];
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
      exit(2);
    }
  }
}

/* The greeting proves the tunnel reaches the echo side before the first ping is timed. */
static void expect_greeting(int fd) {
  unsigned char g;
  read_all(fd, &g, 1);
  if (g != 'G') {
    errno = 0;
    die("no greeting from the echo target");
  }
}

struct run {
  int port;
  long count;
  size_t size;
};

static int parse_run(int argc, char **argv, struct run *r) {
  if (argc < 3) {
    return -1;
  }
  r->port = atoi(argv[0]);
  r->count = atol(argv[1]);
  r->size = (size_t)atol(argv[2]);
  return r->port <= 0 || r->count <= 0 || r->size == 0 || r->size > 65536 ? -1 : 0;
}

static void *alloc(size_t n) {
  void *p = malloc(n);
  if (p == NULL) {
    die("malloc");
  }
  return p;
}

/* Printed after the loop, so stdout never blocks a round trip. */
static void print_rtts(const double *rtt, long count) {
  for (long i = 0; i < count; i++) {
    printf("%.0f\n", rtt[i]);
  }
}

static int ping_main(int argc, char **argv) {
  struct run r;
  if (parse_run(argc - 2, argv + 2, &r) != 0) {
    fprintf(stderr, "usage: pingpong ping <port> <count> <size> [step...]\n");
    return 2;
  }
  int fd = connect_loopback(r.port);
  handshake(fd, argc - 5, argv + 5);
  expect_greeting(fd);
  unsigned char *ping = alloc(r.size);
  unsigned char *pong = alloc(r.size);
  double *rtt = alloc(sizeof(double) * (size_t)r.count);
  memset(ping, 'p', r.size);
  for (long i = 0; i < r.count; i++) {
    double t0 = now_ns();
    write_all(fd, ping, r.size);
    read_all(fd, pong, r.size);
    rtt[i] = now_ns() - t0;
  }
  close(fd);
  print_rtts(rtt, r.count);
  free(ping);
  free(pong);
  free(rtt);
  return 0;
}

static void nonblocking(int fd) {
  int flags = fcntl(fd, F_GETFL);
  if (flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) != 0) {
    die("O_NONBLOCK");
  }
}

static void spin_send(int fd, const unsigned char *p, size_t n) {
  while (n > 0) {
    ssize_t w = send(fd, p, n, 0);
    if (w < 0 && (errno == EAGAIN || errno == EINTR)) {
      continue;
    }
    if (w <= 0) {
      die("send");
    }
    p += w;
    n -= (size_t)w;
  }
}

static void spin_recv(int fd, unsigned char *p, size_t n) {
  while (n > 0) {
    ssize_t r = recv(fd, p, n, 0);
    if (r < 0 && (errno == EAGAIN || errno == EINTR)) {
      continue;
    }
    if (r <= 0) {
      errno = r == 0 ? 0 : errno;
      die("recv (peer closed or failed)");
    }
    p += r;
    n -= (size_t)r;
  }
}

/* The connection the proxy (or the direct client) makes to the listener; bounded, so a proxy that
 * never connects fails the run instead of hanging the bench. */
static int accept_one(int lfd) {
  struct pollfd pfd = {.fd = lfd, .events = POLLIN};
  int ready = poll(&pfd, 1, 10000);
  if (ready <= 0) {
    errno = ready == 0 ? ETIMEDOUT : errno;
    die("no connection on the echo listener");
  }
  int fd = accept(lfd, NULL, NULL);
  if (fd < 0) {
    die("accept");
  }
  nodelay(fd);
  return fd;
}

static void busy_run(int lfd, int argc, char **argv) {
  struct run r;
  if (parse_run(argc, argv, &r) != 0) {
    fprintf(stderr, "pingpong busy: a line is <port> <count> <size> [step...]\n");
    exit(2);
  }
  int fd = connect_loopback(r.port);
  handshake(fd, argc - 3, argv + 3);
  int efd = accept_one(lfd);
  write_all(efd, (const unsigned char *)"G", 1);
  expect_greeting(fd);
  nonblocking(fd);
  nonblocking(efd);
  unsigned char *ping = alloc(r.size);
  unsigned char *mid = alloc(r.size);
  unsigned char *pong = alloc(r.size);
  double *rtt = alloc(sizeof(double) * (size_t)r.count);
  memset(ping, 'p', r.size);
  for (long i = 0; i < r.count; i++) {
    double t0 = now_ns();
    spin_send(fd, ping, r.size);
    spin_recv(efd, mid, r.size);
    spin_send(efd, mid, r.size);
    spin_recv(fd, pong, r.size);
    rtt[i] = now_ns() - t0;
  }
  close(fd);
  close(efd);
  print_rtts(rtt, r.count);
  printf("end\n");
  fflush(stdout);
  free(ping);
  free(mid);
  free(pong);
  free(rtt);
}

static int busy_main(void) {
  int lfd = listen_loopback();
  static char line[1 << 16];
  char *args[256];
  while (fgets(line, sizeof line, stdin) != NULL) {
    int n = 0;
    for (char *tok = strtok(line, " \n"); tok != NULL && n < 256; tok = strtok(NULL, " \n")) {
      args[n++] = tok;
    }
    if (n > 0) {
      busy_run(lfd, n, args);
    }
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
  if (argc >= 2 && strcmp(argv[1], "busy") == 0) {
    return busy_main();
  }
  fprintf(stderr, "usage: pingpong echo | pingpong ping <port> <count> <size> [step...] | pingpong busy\n");
  return 2;
}
