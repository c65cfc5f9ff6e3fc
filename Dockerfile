# syntax=docker/dockerfile:1
# Brickyard in one image. The stages are the npm scripts CI runs (.ci/run): `npm run build` once,
# `npm run prod:install` (the runtime files and production dependencies only, into /app), and the
# runtime stage starts that folder as an unprivileged user, as `npm run prod:smoke` does.

# ---- build: every dependency, the web app and the API built once ----
FROM node:22-bookworm-slim AS build
WORKDIR /src
# Manifests first, so the dependency layer is reused until one of them changes.
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm run prod:install -- /app

# ---- runtime: the built product, production dependencies only, not root ----
FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# Owned by root and read-only to the server: it can write only to DATA_DIR.
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself is PID 1 (not npm), so the SIGTERM of `docker stop` reaches the server, which drains
# and closes (apps/api/src/main.ts). Its flags are the server's (apps/api/src/node-flags.ts).
CMD ["node", "--max-semi-space-size=64", "apps/api/dist/main.js"]
