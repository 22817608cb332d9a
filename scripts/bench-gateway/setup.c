/*
 * The tunnel-setup load of `npm run bench:gateway`, compiled at bench time with the machine's cc.
 * The Node client it replaces spent about as much CPU per tunnel as the proxies it measured (its
 * promises, stream objects and the target's net.Server on the same core), so the figure was partly
 * the load generator's own cost and wake-ups. One epoll loop here does both ends of the test.
 *
 *   setup
 *     Listens on 127.0.0.1 (a free port: the greeter) and prints the port. Each connection the
 *     greeter accepts gets one byte 'G' and is closed at once (so TIME_WAIT stays on this side,
 *     as with the Node greeter). Then it takes one run per stdin line:
 *       <port> <count> <concurrency> [step...]
 *     keeping <concurrency> tunnels in setup at a time until <count> are done: connect to
 *     127.0.0.1:<port> (non-blocking, TCP_NODELAY), run the handshake steps, read the greeter's
 *     'G' through the tunnel, close. Steps as in pingpong.c:
 *       s<hex>  send these bytes
 *       r<n>    read exactly n bytes
 *       u<hex>  read up to and including this delimiter
 *       5       read the rest of a SOCKS5 reply after its first 4 bytes (the bound address, port)
 *     It prints each tunnel's setup time (connect() until the 'G', nanoseconds), one per line,
 *     then "failed <n> <last reason>", "elapsed <ns>" and "end".
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define MAX_STEPS 16
#define MAX_FD 65536
#define IN_CAP 2048

struct step {
  char kind; /* 's', 'r', 'u', '5' */
  unsigned char bytes[512];
  size_t len; /* bytes to send, delimiter length, or count to read */
};

struct conn {
  uint32_t gen; /* in the epoll data beside the fd: an event of a closed socket whose fd came back is stale */
  int active;
  int connected;
  int step;
  double t0;
  unsigned char in[IN_CAP];
  size_t have;
  unsigned char last[4]; /* the last 4 bytes an 'r4' step consumed (a SOCKS5 reply's start) */
};

static struct step steps[MAX_STEPS];
static int nsteps;
static struct conn *conns;
static int ep;
static int lfd;
static char reason[256] = "";

static void die(const char *what) {
  fprintf(stderr, "setup: %s: %s\n", what, errno != 0 ? strerror(errno) : "failed");
  exit(1);
}

static double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
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

static void parse_step(const char *s, struct step *st) {
  st->kind = s[0];
  switch (s[0]) {
  case 's':
  case 'u':
    st->len = unhex(s + 1, st->bytes, sizeof st->bytes);
    break;
  case 'r':
    st->len = (size_t)atoi(s + 1);
    if (st->len == 0 || st->len > 255) {
      errno = 0;
      die("bad read step");
    }
    break;
  case '5':
    st->len = 0;
    break;
  default:
    errno = 0;
    die("unknown step");
  }
}

static int listen_loopback(void) {
  int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
  if (fd < 0) {
    die("socket");
  }
  struct sockaddr_in a;
  memset(&a, 0, sizeof a);
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (bind(fd, (struct sockaddr *)&a, sizeof a) != 0 || listen(fd, 4096) != 0) {
    die("bind/listen");
  }
  socklen_t len = sizeof a;
  if (getsockname(fd, (struct sockaddr *)&a, &len) != 0) {
    die("getsockname");
  }
  printf("%u\n", (unsigned)ntohs(a.sin_port));
  fflush(stdout);
  return fd;
}

/* Accepts what is queued: each gets 'G' and is closed. */
static void greet(void) {
  for (;;) {
    int fd = accept4(lfd, NULL, NULL, SOCK_NONBLOCK);
    if (fd < 0) {
      if (errno == EAGAIN || errno == EWOULDBLOCK) {
        return;
      }
      if (errno == EINTR || errno == ECONNABORTED) {
        continue;
      }
      die("accept");
    }
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (write(fd, "G", 1) != 1) {
      /* The tunnel went away first; its client counts the failure. */
    }
    close(fd);
  }
}

static int start(int port) {
  int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
  if (fd < 0) {
    die("socket");
  }
  if (fd >= MAX_FD) {
    errno = 0;
    die("too many descriptors");
  }
  int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  struct conn *c = &conns[fd];
  uint32_t gen = c->gen + 1;
  memset(c, 0, offsetof(struct conn, in));
  c->gen = gen;
  c->have = 0;
  c->active = 1;
  c->t0 = now_ns();
  struct sockaddr_in a;
  memset(&a, 0, sizeof a);
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = htons((unsigned short)port);
  if (connect(fd, (struct sockaddr *)&a, sizeof a) != 0 && errno != EINPROGRESS) {
    die("connect");
  }
  struct epoll_event ev = {.events = EPOLLOUT | EPOLLIN, .data.u64 = ((uint64_t)gen << 32) | (uint32_t)fd};
  if (epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev) != 0) {
    die("epoll_ctl");
  }
  return fd;
}

static void finish(int fd) {
  conns[fd].active = 0;
  close(fd); /* also leaves the epoll set */
}

/*
 * Runs the steps as far as the bytes in hand allow. Returns 1 when the tunnel is set up (the 'G'
 * is in), 0 to wait for more, -1 on a failure (reason set).
 */
static int advance(int fd) {
  struct conn *c = &conns[fd];
  for (;;) {
    if (c->step == nsteps) {
      if (c->have >= 1) {
        if (c->in[0] != 'G') {
          snprintf(reason, sizeof reason, "expected the greeting, got byte %u", c->in[0]);
          return -1;
        }
        return 1;
      }
      return 0;
    }
    struct step *st = &steps[c->step];
    size_t take = 0;
    if (st->kind == 's') {
      ssize_t w = write(fd, st->bytes, st->len);
      if (w != (ssize_t)st->len) {
        snprintf(reason, sizeof reason, "short write: %s", w < 0 ? strerror(errno) : "partial");
        return -1;
      }
      c->step += 1;
      continue;
    } else if (st->kind == 'r') {
      if (c->have < st->len) {
        return 0;
      }
      take = st->len;
      if (take == 4) {
        memcpy(c->last, c->in, 4);
      }
    } else if (st->kind == 'u') {
      unsigned char *hit = memmem(c->in, c->have, st->bytes, st->len);
      if (hit == NULL) {
        return 0;
      }
      take = (size_t)(hit - c->in) + st->len;
      /* Only a 2xx answer is a tunnel. */
      if (c->have < 12 || memcmp(c->in, "HTTP/1.", 7) != 0 || c->in[9] != '2') {
        snprintf(reason, sizeof reason, "refused: %.*s", (int)(take < 40 ? take : 40), c->in);
        return -1;
      }
    } else {
      /* '5': the SOCKS5 reply's status was in its first 4 bytes; the bound address follows. */
      if (c->last[1] != 0) {
        snprintf(reason, sizeof reason, "SOCKS5 reply %u", c->last[1]);
        return -1;
      }
      unsigned atyp = c->last[3];
      if (atyp == 3) {
        if (c->have < 1) {
          return 0;
        }
        take = 1 + (size_t)c->in[0] + 2;
      } else {
        take = (atyp == 4 ? 16 : 4) + 2;
      }
      if (c->have < take) {
        return 0;
      }
    }
    memmove(c->in, c->in + take, c->have - take);
    c->have -= take;
    c->step += 1;
  }
}

static void run(int port, int count, int concurrency) {
  int started = 0, done = 0, failed = 0;
  reason[0] = '\0';
  double times_start = now_ns();
  double *times = malloc(sizeof(double) * (size_t)count);
  int ntimes = 0;
  while (started < count && started < concurrency) {
    start(port);
    started += 1;
  }
  struct epoll_event evs[256];
  while (done < count) {
    int n = epoll_wait(ep, evs, 256, 30000);
    if (n < 0) {
      if (errno == EINTR) {
        continue;
      }
      die("epoll_wait");
    }
    if (n == 0) {
      errno = 0;
      die("no progress for 30 s");
    }
    for (int i = 0; i < n; i++) {
      int fd = (int)(uint32_t)evs[i].data.u64;
      if (fd == lfd) {
        greet();
        continue;
      }
      struct conn *c = &conns[fd];
      if (!c->active || c->gen != (uint32_t)(evs[i].data.u64 >> 32)) {
        continue;
      }
      int r = 0;
      if (!c->connected) {
        int err = 0;
        socklen_t len = sizeof err;
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len);
        if (err != 0) {
          snprintf(reason, sizeof reason, "connect: %s", strerror(err));
          r = -1;
        } else if (evs[i].events & (EPOLLOUT | EPOLLIN)) {
          c->connected = 1;
          struct epoll_event ev = {.events = EPOLLIN, .data.u64 = evs[i].data.u64};
          epoll_ctl(ep, EPOLL_CTL_MOD, fd, &ev);
          r = advance(fd);
        }
      }
      if (r == 0 && c->connected && (evs[i].events & (EPOLLIN | EPOLLHUP | EPOLLERR))) {
        for (;;) {
          ssize_t got = read(fd, c->in + c->have, IN_CAP - c->have);
          if (got > 0) {
            c->have += (size_t)got;
            r = advance(fd);
            if (r != 0 || c->have == IN_CAP) {
              break;
            }
            continue;
          }
          if (got == 0) {
            r = advance(fd);
            if (r == 0) {
              snprintf(reason, sizeof reason, "closed at step %d with %zu bytes", c->step, c->have);
              r = -1;
            }
          } else if (errno != EAGAIN && errno != EWOULDBLOCK) {
            snprintf(reason, sizeof reason, "read: %s", strerror(errno));
            r = -1;
          }
          break;
        }
      }
      if (r != 0) {
        if (r == 1) {
          times[ntimes++] = now_ns() - c->t0;
        } else {
          failed += 1;
        }
        finish(fd);
        done += 1;
        if (started < count) {
          start(port);
          started += 1;
        }
      }
    }
  }
  double elapsed = now_ns() - times_start;
  for (int i = 0; i < ntimes; i++) {
    printf("%.0f\n", times[i]);
  }
  printf("failed %d %s\nelapsed %.0f\nend\n", failed, reason, elapsed);
  fflush(stdout);
  free(times);
}

int main(int argc, char **argv) {
  if (argc < 2 || strcmp(argv[1], "setup") != 0) {
    fprintf(stderr, "usage: setup-load setup\n");
    return 2;
  }
  conns = calloc(MAX_FD, sizeof(struct conn));
  ep = epoll_create1(0);
  if (conns == NULL || ep < 0) {
    die("init");
  }
  lfd = listen_loopback();
  struct epoll_event ev = {.events = EPOLLIN, .data.u64 = (uint32_t)lfd};
  if (epoll_ctl(ep, EPOLL_CTL_ADD, lfd, &ev) != 0) {
    die("epoll_ctl");
  }
  char line[16384];
  while (fgets(line, sizeof line, stdin) != NULL) {
    char *save = NULL;
    char *tok = strtok_r(line, " \n", &save);
    if (tok == NULL) {
      continue;
    }
    int port = atoi(tok);
    int count = atoi(strtok_r(NULL, " \n", &save));
    int concurrency = atoi(strtok_r(NULL, " \n", &save));
    nsteps = 0;
    while ((tok = strtok_r(NULL, " \n", &save)) != NULL) {
      if (nsteps == MAX_STEPS) {
        errno = 0;
        die("too many steps");
      }
      parse_step(tok, &steps[nsteps++]);
    }
    if (port <= 0 || count <= 0 || concurrency <= 0) {
      errno = 0;
      die("bad run line");
    }
    run(port, count, concurrency);
  }
  return 0;
}
