# syntax=docker/dockerfile:1
#
# One image for every process (docs/operations.md):
#   HTTP API (+ in-process worker unless WORKER_ENABLED=false):  node dist/main.js   (default CMD)
#   import worker only:                                            node dist/worker.js
#   admin CLI:                                                     node dist/cli.js organizations create --name "Acme"
# Migrations run at start-up (serialised by an advisory lock), so no separate migrate step is needed.
#
#   docker build -t product-directory .
#   docker compose up --build

# Node.js 24, the Active LTS line (20 reached end of life on 2026-04-30); CI also runs the tests on
# it (.ci/node-lts.sh). package.json "engines" states the supported range.
ARG NODE_IMAGE=node:24-bookworm-slim

# ---- deps: every dependency (dev included), cached on package*.json only ----------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm \
    npm ci --no-audit --no-fund

# ---- build: nest build -> dist/ -----------------------------------------------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npm run build

# ---- runtime: production dependencies + dist/, non-root ---------------------------------------
FROM ${NODE_IMAGE} AS runtime
# LOG_FORMAT=json: log collectors read JSON even when the container runs with a terminal (docker run -t).
ENV NODE_ENV=production \
    PORT=3000 \
    LOG_FORMAT=json
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --no-audit --no-fund
COPY --from=build /app/dist ./dist

# Files stay owned by root (read-only for the app): the service keeps nothing on local disk.
USER node
EXPOSE 3000

# Liveness only (no curl in the slim image). /health/live is outside BASE_PATH. The worker-only
# process has no HTTP server: disable this check for it (docker-compose.yml does).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "-e", "require('http').get({host:'127.0.0.1',port:process.env.PORT||3000,path:'/health/live',timeout:4000},r=>process.exit(r.statusCode===200?0:1)).on('timeout',function(){this.destroy()}).on('error',()=>process.exit(1))"]

# node is PID 1 and handles SIGTERM itself (checkpoint the running batch, close, exit 0).
# A 192 MiB old space bounds the peak RSS of a 50 MiB import; 16 MiB semi-spaces keep its GC cheap (docs/operations.md#retention-sessions-shutdown-memory).
CMD ["node", "--max-semi-space-size=16", "--max-old-space-size=192", "dist/main.js"]
