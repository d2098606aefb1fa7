# calendar-access: one image for every role (docs/deploy.md). Build: docker build -t calendar-access .
# Node.js 24 (LTS): 20 is past its end of life; the suite runs on both (.ci/run).
# Run: docker run -e DATABASE_URL=... -e REDIS_URL=... -p 3000:3000 calendar-access serve --role api
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The workspaces (package.json "workspaces": packages/*) are installed and built with the service.
COPY packages ./packages
COPY scripts ./scripts
COPY bin ./bin
COPY src ./src
# The API reference at /docs reads its guides from these (src/reference/guides.ts).
COPY docs/*.md ./docs/
COPY tsconfig.json ./
# npm ci runs "prepare" (scripts/build.mjs): src/ and the packages compiled into dist/.
RUN npm ci --no-audit --no-fund && npm prune --omit=dev

FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=build /app /app
# Role `all` without DATABASE_URL keeps its embedded PGlite store in /app/data: the node user owns it.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000 9464
# A load balancer or orchestrator asks /readyz (database, Redis, migrations) and /healthz (alive).
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["node", "--max-semi-space-size=2", "bin/calendar-access.js"]
CMD ["serve", "--role", "all"]
