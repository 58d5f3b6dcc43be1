# Tradeport's image: the API and the built web app in one Node process, as `npm start` runs them.
#
# The build stage runs the same commands CI runs to build (`npm ci`, then `npm run build`: vite
# builds apps/web, apps/server/build.mjs bundles the server into apps/server/dist/main.js with
# its migrations beside it). Docker is not on the build machines, so CI does not build this image;
# apps/server/src/platform/deployment-files.test.ts keeps these steps in line with package.json.
#
#   docker build -t tradeport .
#   docker run -p 3000:3000 -v tradeport-data:/app/data tradeport       # embedded PGlite, demo data
#   docker compose up -d                                                # PostgreSQL + S3: compose.yaml
#
# Settings are environment variables (README, "Configuration").

# The Node of the `node` dev dependency (package.json), which CI's npm scripts run on: the image
# runs exactly the Node the tests ran on. Pinned by tag; bookworm (glibc) for the prebuilt
# @node-rs/argon2 and esbuild binaries, slim because nothing else from Debian is needed.
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Manifests first: the dependency layer is rebuilt only when they change, not on every code edit.
# npm ci needs every workspace's package.json (the lock file names them all) to accept the tree.
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY e2e/package.json e2e/
# Only what the server bundle imports at run time: the server workspace's production
# dependencies. The web app is already built into static files, so React and Mantine stay out
# (about 110 MB less), and so do the dev tools (vite, esbuild, the `node` package's own Node).
RUN npm ci --omit=dev --workspace=@tradeport/server --no-audit --no-fund \
  && npm cache clean --force
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist

# The embedded database and local uploads live in DATA_DIR when DATABASE_URL and S3 are not set.
# Made here and owned by `node`, so a new named volume mounted on it starts owned by `node` too
# (PGlite cannot create its own parent folder, and the process is not root).
ENV DATA_DIR=/app/data
RUN mkdir -p /app/data && chown node:node /app/data
VOLUME ["/app/data"]

# The official image's unprivileged user: the server needs no root (port 3000 is above 1024).
USER node
EXPOSE 3000

# Slim images have no curl: Node's own fetch asks /api/v1/health (the process answers and the
# database does). The start period covers migrations and the first start's demo seed.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/v1/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# What `npm start` runs once it has built; node directly (not npm) so SIGTERM reaches the server,
# which then finishes in-flight requests and running jobs before it exits.
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
