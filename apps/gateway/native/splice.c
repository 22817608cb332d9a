/*
 * An optional data plane for the gateway (issue 16): relays an established tunnel in the kernel
 * with splice(2), socket -> pipe -> socket, so the bytes never enter user space.
 *
 * JavaScript keeps everything up to the tunnel's reply (accept, handshake, auth, destination
 * check, connect, the 200 / SOCKS5 success). Then it stops reading both sockets and calls
 * start(clientFd, upstreamFd). This file dup()s both descriptors and relays them in a thread of
 * its own (one per tunnel: a poll() loop over the two sockets and a wake-up eventfd), through one
 * pipe per direction. Per direction it counts the bytes read from the source socket, the same
 * figure the JavaScript relay counts per chunk; JavaScript reads the counts at any time
 * (counts(id)) and gets the final ones when the relay ends.
 *
 * End of stream: a source's EOF becomes shutdown(SHUT_WR) on the other socket once the pipe is
 * empty (half-close travels, as in relay.ts); when both directions are done, or on any error, or
 * when JavaScript calls stop(id), the thread closes its descriptors and reports
 * (id, bytesIn, bytesOut, errno) to the callback given to init(), on the JavaScript thread. The
 * JavaScript side then closes its own handles, which closes the sockets.
 *
 * Linux only (splice, eventfd, F_GETPIPE_SZ). Built only by `npm run build:splice`, never at
 * install; the gateway uses it only when GATEWAY_SPLICE=1 and the built file exists.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <node_api.h>
#include <poll.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

/* Asks the kernel for pipes this large (bytes); the kernel may give less, F_GETPIPE_SZ says. */
#define PIPE_BYTES (256 * 1024)
#define STACK_BYTES (64 * 1024)

typedef struct relay {
  int32_t id;
  /* fd[0]: the client's socket, fd[1]: the destination's (our dups). Direction d reads fd[d]
     and writes fd[1 - d]; direction 0 is client -> destination (bytesIn). */
  int fd[2];
  int pipe_r[2], pipe_w[2];
  int wake;
  size_t cap[2];
  size_t inpipe[2];
  int eof[2];  /* direction d read its source's end of stream */
  int shut[2]; /* direction d sent the FIN on (shutdown of its destination's write side) */
  int full[2]; /* direction d's pipe took nothing although bytes wait: read after a drain */
  int err;     /* errno that ended the relay, 0 for a normal end or stop() */
  uint64_t bytes[2]; /* read from fd[d]; written by the thread, read with atomics */
  int stop;          /* set by stop(); read with atomics */
  napi_threadsafe_function tsfn;
} relay_t;

/* Per Node environment (main thread or worker). */
typedef struct {
  napi_threadsafe_function tsfn;
  napi_ref callback;
  relay_t **slots;
  int32_t nslots;
  int32_t active;
} env_t;

static void close_all(relay_t *r) {
  for (int d = 0; d < 2; d++) {
    if (r->fd[d] >= 0) close(r->fd[d]);
    if (r->pipe_r[d] >= 0) close(r->pipe_r[d]);
    if (r->pipe_w[d] >= 0) close(r->pipe_w[d]);
  }
  if (r->wake >= 0) close(r->wake);
}

/* Moves what it can in direction d without blocking; -1 (r->err set) on an error. */
static int step(relay_t *r, int d, int readable) {
  int src = r->fd[d], dst = r->fd[1 - d];
  for (;;) {
    int progressed = 0;
    if (readable && !r->eof[d] && !r->full[d] && r->inpipe[d] < r->cap[d]) {
      ssize_t n = splice(src, NULL, r->pipe_w[d], NULL, r->cap[d] - r->inpipe[d],
                         SPLICE_F_MOVE | SPLICE_F_NONBLOCK);
      if (n > 0) {
        r->inpipe[d] += (size_t)n;
        __atomic_add_fetch(&r->bytes[d], (uint64_t)n, __ATOMIC_RELAXED);
        progressed = 1;
      } else if (n == 0) {
        r->eof[d] = 1;
      } else if (errno == EAGAIN) {
        /* An empty pipe always takes bytes, so with bytes in it this may be the pipe being full
           (it holds buffers, not bytes): wait for the write side to drain it before reading. */
        if (r->inpipe[d] > 0) r->full[d] = 1;
        readable = 0;
      } else if (errno != EINTR) {
        r->err = errno;
        return -1;
      }
    }
    if (r->inpipe[d] > 0) {
      ssize_t m = splice(r->pipe_r[d], NULL, dst, NULL, r->inpipe[d],
                         SPLICE_F_MOVE | SPLICE_F_NONBLOCK);
      if (m > 0) {
        r->inpipe[d] -= (size_t)m;
        r->full[d] = 0;
        progressed = 1;
      } else if (m < 0 && errno != EAGAIN && errno != EINTR) {
        r->err = errno;
        return -1;
      }
    }
    if (r->eof[d] && r->inpipe[d] == 0 && !r->shut[d]) {
      /* ENOTCONN: the destination is gone already; nothing more to send either way. */
      shutdown(dst, SHUT_WR);
      r->shut[d] = 1;
    }
    if (!progressed) return 0;
    readable = readable && !r->eof[d];
  }
}

static void *run(void *arg) {
  relay_t *r = arg;
  while (!__atomic_load_n(&r->stop, __ATOMIC_ACQUIRE) && !(r->shut[0] && r->shut[1])) {
    struct pollfd p[3];
    for (int s = 0; s < 2; s++) {
      short ev = 0;
      if (!r->eof[s] && !r->full[s] && r->inpipe[s] < r->cap[s]) ev |= POLLIN;
      if (r->inpipe[1 - s] > 0) ev |= POLLOUT;
      /* A socket we want nothing of is left out: its POLLHUP would wake us in a loop. */
      p[s].fd = ev != 0 ? r->fd[s] : -1;
      p[s].events = ev;
      p[s].revents = 0;
    }
    p[2].fd = r->wake;
    p[2].events = POLLIN;
    p[2].revents = 0;
    if (poll(p, 3, -1) < 0) {
      if (errno == EINTR) continue;
      r->err = errno;
      break;
    }
    if (p[2].revents != 0) continue; /* stop() */
    int failed = 0;
    for (int d = 0; d < 2 && !failed; d++) {
      int readable = (p[d].revents & (POLLIN | POLLHUP | POLLERR)) != 0;
      if (readable || r->inpipe[d] > 0) failed = step(r, d, readable) < 0;
    }
    if (failed) break;
  }
  close_all(r);
  /* The thread's last touch of r: the JavaScript thread reports and frees it. */
  if (napi_call_threadsafe_function(r->tsfn, r, napi_tsfn_blocking) != napi_ok) {
    /* The environment is going away: nobody is left to tell. */
    free(r);
  }
  return NULL;
}

/* On the JavaScript thread: callback(id, bytesIn, bytesOut, errno), then the slot is free. */
static void call_js(napi_env env, napi_value js_cb, void *context, void *data) {
  relay_t *r = data;
  env_t *e = context;
  if (env != NULL && e != NULL) {
    if (r->id >= 0 && r->id < e->nslots && e->slots[r->id] == r) e->slots[r->id] = NULL;
    if (--e->active == 0) napi_unref_threadsafe_function(env, e->tsfn);
    napi_value cb, argv[4], undef;
    napi_get_reference_value(env, e->callback, &cb);
    napi_create_int32(env, r->id, &argv[0]);
    napi_create_double(env, (double)__atomic_load_n(&r->bytes[0], __ATOMIC_RELAXED), &argv[1]);
    napi_create_double(env, (double)__atomic_load_n(&r->bytes[1], __ATOMIC_RELAXED), &argv[2]);
    napi_create_int32(env, r->err, &argv[3]);
    napi_get_undefined(env, &undef);
    napi_call_function(env, undef, cb, 4, argv, NULL);
  }
  free(r);
}

static env_t *get_env(napi_env env) {
  env_t *e = NULL;
  napi_get_instance_data(env, (void **)&e);
  return e;
}

static napi_value throw_errno(napi_env env, const char *what, int err) {
  char msg[160];
  snprintf(msg, sizeof msg, "%s: %s", what, strerror(err));
  napi_throw_error(env, NULL, msg);
  return NULL;
}

/* init(onEnd): the function told about every relay's end. Once per environment. */
static napi_value js_init(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1], name;
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  env_t *e = get_env(env);
  if (e->tsfn != NULL) {
    napi_throw_error(env, NULL, "splice: init() was called already");
    return NULL;
  }
  napi_create_reference(env, argv[0], 1, &e->callback);
  napi_create_string_utf8(env, "gateway-splice", NAPI_AUTO_LENGTH, &name);
  if (napi_create_threadsafe_function(env, NULL, NULL, name, 0, 1, NULL, NULL, e, call_js,
                                      &e->tsfn) != napi_ok) {
    return NULL;
  }
  /* Referenced only while a relay runs (start/call_js), so it never keeps the process alive alone. */
  napi_unref_threadsafe_function(env, e->tsfn);
  return NULL;
}

/* start(clientFd, upstreamFd) -> id. Both sockets must be connected, non-blocking, not read by
   libuv any more and with nothing left to write from JavaScript. */
static napi_value js_start(napi_env env, napi_callback_info info) {
  size_t argc = 2;
  napi_value argv[2], out;
  int32_t fds[2];
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  env_t *e = get_env(env);
  if (e->tsfn == NULL) {
    napi_throw_error(env, NULL, "splice: init() first");
    return NULL;
  }
  if (argc < 2 || napi_get_value_int32(env, argv[0], &fds[0]) != napi_ok ||
      napi_get_value_int32(env, argv[1], &fds[1]) != napi_ok || fds[0] < 0 || fds[1] < 0) {
    napi_throw_type_error(env, NULL, "splice: start(clientFd, upstreamFd) takes two descriptors");
    return NULL;
  }
  relay_t *r = calloc(1, sizeof *r);
  if (r == NULL) return throw_errno(env, "splice", ENOMEM);
  r->tsfn = e->tsfn;
  r->fd[0] = r->fd[1] = r->wake = -1;
  r->pipe_r[0] = r->pipe_r[1] = r->pipe_w[0] = r->pipe_w[1] = -1;
  int err = 0;
  for (int d = 0; d < 2 && err == 0; d++) {
    int pp[2];
    if ((r->fd[d] = fcntl(fds[d], F_DUPFD_CLOEXEC, 0)) < 0 || pipe2(pp, O_NONBLOCK | O_CLOEXEC) < 0) {
      err = errno;
      break;
    }
    r->pipe_r[d] = pp[0];
    r->pipe_w[d] = pp[1];
    fcntl(pp[1], F_SETPIPE_SZ, PIPE_BYTES); /* best effort: pipe-max-size may be lower */
    int sz = fcntl(pp[1], F_GETPIPE_SZ);
    r->cap[d] = sz > 0 ? (size_t)sz : 65536;
  }
  if (err == 0 && (r->wake = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)) < 0) err = errno;
  /* A free slot for the id. */
  int32_t id = -1;
  for (int32_t i = 0; i < e->nslots; i++) {
    if (e->slots[i] == NULL) {
      id = i;
      break;
    }
  }
  if (err == 0 && id < 0) {
    int32_t n = e->nslots == 0 ? 64 : e->nslots * 2;
    relay_t **grown = realloc(e->slots, (size_t)n * sizeof *grown);
    if (grown == NULL) {
      err = ENOMEM;
    } else {
      memset(grown + e->nslots, 0, (size_t)(n - e->nslots) * sizeof *grown);
      id = e->nslots;
      e->slots = grown;
      e->nslots = n;
    }
  }
  if (err == 0) {
    r->id = id;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, STACK_BYTES);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_t th;
    err = pthread_create(&th, &attr, run, r);
    pthread_attr_destroy(&attr);
  }
  if (err != 0) {
    close_all(r);
    free(r);
    return throw_errno(env, "splice: start", err);
  }
  e->slots[id] = r;
  if (e->active++ == 0) napi_ref_threadsafe_function(env, e->tsfn);
  napi_create_int32(env, id, &out);
  return out;
}

static relay_t *relay_arg(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  int32_t id = -1;
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  env_t *e = get_env(env);
  if (argc < 1 || napi_get_value_int32(env, argv[0], &id) != napi_ok || id < 0 || id >= e->nslots) {
    return NULL;
  }
  return e->slots[id];
}

/* counts(id, out: Float64Array(2)): bytes in and out so far; false when the relay has ended. */
static napi_value js_counts(napi_env env, napi_callback_info info) {
  size_t argc = 2;
  napi_value argv[2], res;
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  relay_t *r = relay_arg(env, info);
  void *data = NULL;
  size_t len = 0;
  napi_typedarray_type type;
  int ok = r != NULL && argc >= 2 &&
           napi_get_typedarray_info(env, argv[1], &type, &len, &data, NULL, NULL) == napi_ok &&
           type == napi_float64_array && len >= 2;
  if (ok) {
    ((double *)data)[0] = (double)__atomic_load_n(&r->bytes[0], __ATOMIC_RELAXED);
    ((double *)data)[1] = (double)__atomic_load_n(&r->bytes[1], __ATOMIC_RELAXED);
  }
  napi_get_boolean(env, ok, &res);
  return res;
}

/* stop(id): ends the relay at once (pending bytes are dropped); the end is reported as usual. */
static napi_value js_stop(napi_env env, napi_callback_info info) {
  relay_t *r = relay_arg(env, info);
  if (r != NULL) {
    uint64_t one = 1;
    __atomic_store_n(&r->stop, 1, __ATOMIC_RELEASE);
    ssize_t w = write(r->wake, &one, sizeof one);
    (void)w;
  }
  return NULL;
}

static void env_free(napi_env env, void *data, void *hint) {
  env_t *e = data;
  (void)env;
  (void)hint;
  free(e->slots);
  free(e);
}

NAPI_MODULE_INIT() {
  env_t *e = calloc(1, sizeof *e);
  if (e == NULL) return NULL;
  napi_set_instance_data(env, e, env_free, NULL);
  napi_property_descriptor props[] = {
      {"init", NULL, js_init, NULL, NULL, NULL, napi_default, NULL},
      {"start", NULL, js_start, NULL, NULL, NULL, napi_default, NULL},
      {"counts", NULL, js_counts, NULL, NULL, NULL, napi_default, NULL},
      {"stop", NULL, js_stop, NULL, NULL, NULL, napi_default, NULL},
  };
  napi_define_properties(env, exports, 4, props);
  return exports;
}
