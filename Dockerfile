# Production image of the shell (README "Deploying"):
#   docker build -t exchange-shell .
#   docker run --init -p 3000:3000 --stop-timeout 35 -e API_ORIGIN=https://api.example.com exchange-shell

# ---- build: every dependency, then the client and server bundles ----
FROM node:20.20-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# Gathers what the server reads at run time into /runtime: the list is tools/deploy/runtime-files.json
# (tests/server/deploy-runtime.test.ts runs the same script and serves pages from its copy).
RUN npm run -s build && node tools/deploy/copy-runtime.mjs /runtime

# ---- runtime: production dependencies, the build and the data folders; nothing writable ----
FROM node:20.20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production FAKE_API=0 PORT=3000
# One worker process per CPU: set WORKERS to the container's CPU limit (e.g. -e WORKERS=4, or in the pod spec).
ENV WORKERS=2
COPY package.json package-lock.json ./
# Production dependencies only: the command is tools/deploy/runtime-files.json's "install" (why the flags: there).
RUN npm ci --omit=dev --omit=optional --ignore-scripts --no-audit --no-fund && rm -rf /root/.npm
# Files stay owned by root: the server only reads them.
COPY --from=build /runtime ./
USER node
EXPOSE 3000
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/server/entry.js"]
