# syntax=docker/dockerfile:1
# CampusCollab's production image: the web app and the server bundle are built once (npm run
# build), then plain Node 24 runs apps/server/dist/server.js with production dependencies only.

FROM node:24-slim AS build
WORKDIR /app
# better-sqlite3 compiles itself when no prebuilt binary matches this Node and platform.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
# The manifests first, so a change to the sources reuses the installed dependencies.
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY packages/sdk/package.json packages/sdk/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
# The bundle holds the workspace packages, so their links in node_modules go too.
RUN npm run build \
  && npm prune --omit=dev --no-audit --no-fund \
  && rm -rf node_modules/@campuscollab

FROM node:24-slim
# Screenshots (POST /api/data/{project}/screenshot) render in Chromium; without it they fail and
# everything else works. Build with --build-arg WITH_CHROMIUM=true to include it (about 300 MB).
ARG WITH_CHROMIUM=false
RUN if [ "$WITH_CHROMIUM" = "true" ]; then \
    apt-get update \
    && apt-get install -y --no-install-recommends chromium \
    && rm -rf /var/lib/apt/lists/*; \
  fi
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  DATA_DIR=/data \
  NODE_OPTIONS=--enable-source-maps
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
# apps/server/package.json says the bundle is an ES module; its own node_modules holds the
# versions of a few packages that differ from the root's.
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/node_modules apps/server/node_modules
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# The SQLite database (when DATABASE_URL is unset) and stored files (without S3) live in /data.
RUN mkdir /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
# Ready: the database answers and the instance takes traffic (a load balancer asks the same).
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/server/dist/server.js"]
