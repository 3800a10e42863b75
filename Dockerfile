# Hookwright's image for a team server (compose.yaml: `web` runs `npm start`, `worker` runs
# `npm run worker`). Everything comes from the base image, Debian's packages and the npm registry:
# better-sqlite3 is compiled here against the image's own Node headers instead of downloading a
# prebuilt binary from GitHub.
FROM node:20-bookworm-slim

RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 \
    npm_config_build_from_source=true \
    npm_config_nodedir=/usr/local

COPY package.json package-lock.json ./
# Dev dependencies too: `next build` needs TypeScript, and the CLI and the run workers are
# bundled with esbuild at their first start.
RUN npm ci --include=dev --no-audit --no-fund

COPY . .
# The production build, and the CLI's bundle (`hookwright worker` starts without building it).
RUN npm run build && node bin/hookwright.mjs --help > /dev/null \
 && mkdir -p data .hookwright && chown -R node:node /app/.next /app/.cache /app/data /app/.hookwright

USER node
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
EXPOSE 3000
CMD ["npm", "start", "--", "--no-build"]
