# syntax=docker/dockerfile:1
# The panel (API, web app, jobs): docker build -t proxy-panel .
# Runs the built server with plain node as an unprivileged user; see README "Containers".

ARG NODE_IMAGE=node:20-bookworm-slim

# 1. The workspace's manifests alone, so the installs below are cached until a dependency changes.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/gateway/package.json apps/gateway/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY packages/sdk/package.json packages/sdk/

# 2. Build: every dependency, then the server bundles and the SPA (scripts/build.mjs).
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN node scripts/build.mjs server web

# 3. Runtime dependencies of the server only (no vite, tsx, esbuild, React or MUI).
FROM manifests AS deps
RUN npm ci --omit=dev --workspace apps/server --no-audit --no-fund && npm cache clean --force

# 4. The image: built artifacts, the migrations and the runtime dependencies; nothing else.
FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /src /app
COPY --from=build /src/apps/server/dist apps/server/dist
COPY --from=build /src/apps/server/drizzle apps/server/drizzle
COPY --from=build /src/apps/web/dist apps/web/dist
# DATA_DIR holds the PGlite database and the generated APP_SECRET when DATABASE_URL/APP_SECRET are unset.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "apps/server/dist/server.js"]
