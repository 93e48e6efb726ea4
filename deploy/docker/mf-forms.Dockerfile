# syntax=docker/dockerfile:1
# mf-forms: the forms section: every form's API over PostgreSQL, the email outbox, web push.
# Built from the repository root (the context; see /.dockerignore):
#   docker build -f deploy/docker/mf-forms.Dockerfile -t qf/mf-forms .
# deploy/README.md says what every stage is for; deploy/check/check.ts checks this file statically.

# The lock file and every workspace's package.json: npm ci checks the lock against all of them.
FROM node:24-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY mf-content/package.json mf-content/
COPY mf-events/package.json mf-events/
COPY mf-media-center/package.json mf-media-center/
COPY mf-idkt/package.json mf-idkt/
COPY mf-forms/package.json mf-forms/
COPY shell/package.json shell/
COPY e2e/package.json e2e/

# Build: every dependency (webpack, SWC and the pinned node@24 of the dev dependencies), then the
# workspace's own build, as `npm run build` does it for each workspace.
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY shared/ shared/
COPY mf-forms/ mf-forms/
RUN npm run build --workspace=mf-forms

# Production dependencies of this workspace only (and of @qf/shared, whose code the build bundles and
# whose requires stay external). The workspace folder always exists, for the COPY below.
FROM manifests AS deps
RUN npm ci --omit=dev --workspace=mf-forms --no-audit --no-fund \
  && mkdir -p mf-forms/node_modules \
  && npm cache clean --force

# Runtime: the build, its node_modules and the content, in the repository's layout (the server finds
# content/ two folders above its dist), owned by root and read-only to the server's user.
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3005 \
    DATA_DIR=/data/forms \
    UPLOADS_DIR=/data/uploads
WORKDIR /app/mf-forms
COPY --from=deps /app/node_modules /app/node_modules
COPY --from=deps /app/mf-forms/node_modules /app/mf-forms/node_modules
COPY --from=build /app/mf-forms/dist /app/mf-forms/dist
COPY content/ /app/content/
# The one place it writes without PostgreSQL (PGlite's DATA_DIR, UPLOADS_DIR): a volume. With
# DATABASE_URL (QF_CLUSTER=1) nothing is written there; the folder must still be writable.
RUN mkdir -p /data/forms /data/uploads && chown -R 1000:1000 /data
VOLUME ["/data"]
# The official image's `node` user, by number: Kubernetes can then verify runAsNonRoot.
USER 1000:1000
EXPOSE 3005
# No curl or wget in the slim image: node asks /healthz itself.
HEALTHCHECK --interval=30s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3005) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/app/main.js"]
