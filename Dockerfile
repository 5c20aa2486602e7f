# The one production image of the portal: web nodes and worker nodes run it with different commands.
# Built once (`docker compose build`); nothing is installed or built when a container starts.

FROM node:24-bookworm-slim AS build
WORKDIR /app
# The lock file and the workspaces' manifests first, so a change of the sources reuses the installed packages.
COPY package.json package-lock.json ./
COPY migrations/package.json migrations/
COPY workflow-service/platform/package.json workflow-service/platform/
COPY workflow-service/domain/package.json workflow-service/domain/
COPY workflow-service/server/package.json workflow-service/server/
COPY workers/package.json workers/
COPY remix-app/package.json remix-app/
COPY patches/ patches/
RUN npm ci --no-audit --no-fund
COPY . .
# The pages (remix-app/build) and the server, the worker node and the tools compiled to JavaScript (dist/).
RUN npm run build && npm prune --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    WORKER_HTTP_PORT=3001 \
    STORAGE_DIR=/files
WORKDIR /app
# Root owns the code (the portal cannot rewrite itself); the portal's user owns only the file storage.
COPY --from=build /app /app
RUN mkdir -p /files && chown node:node /files
USER node
EXPOSE 3000 3001
# A web node by default; a worker node runs `node dist/worker-node.js`, the one-off migration `node dist/migrate.js`.
CMD ["node", "--enable-source-maps", "dist/server.js"]
