# calendar-access: one image for every role (docs/deploy.md). Build: docker build -t calendar-access .
# Run: docker run -e DATABASE_URL=... -e REDIS_URL=... -p 3000:3000 calendar-access serve --role api
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts ./scripts
COPY bin ./bin
COPY src ./src
COPY tsconfig.json ./
RUN npm ci --no-audit --no-fund && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=build /app /app
USER node
EXPOSE 3000 9464
# A load balancer or orchestrator asks /readyz (database, Redis, migrations) and /healthz (alive).
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["node", "bin/calendar-access.js"]
CMD ["serve", "--role", "all"]
