import { readFileSync } from 'node:fs';
import path from 'node:path';
import { API_PREFIX, getHealth } from '@tradeport/contract';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

// Docker is not on the build machines, so neither the image nor compose.yaml ever runs in CI.
// This reads them as text and holds them to what the code says: every setting compose hands the
// app is one the server reads and accepts, the image builds the way CI builds and starts the
// way `npm start` does, and its runtime dependencies are the server's own.

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const readRoot = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const packageJson = JSON.parse(readRoot('package.json')) as {
  scripts: Record<string, string>;
  devDependencies: Record<string, string>;
};

// ---- compose.yaml, read as the indented text it is (no YAML library: no new dependency)

type Entries = Map<string, string>;

const indentOf = (line: string) => line.length - line.trimStart().length;
const isContent = (line: string) => line.trim() !== '' && !line.trimStart().startsWith('#');

/** The lines nested under the first `key:` line at `indent`. */
function blockUnder(lines: string[], key: string, indent: number) {
  const start = lines.findIndex((line) => indentOf(line) === indent && line.trim() === `${key}:`);
  if (start === -1) throw new Error(`compose.yaml: no "${key}:" at indent ${indent}`);
  let end = start + 1;
  while (end < lines.length && (!isContent(lines[end]!) || indentOf(lines[end]!) > indent)) end++;
  return lines.slice(start + 1, end);
}

function unquote(value: string): string {
  const quoted = /^"(.*)"$/.exec(value) ?? /^'(.*)'$/.exec(value);
  return quoted ? quoted[1]! : value;
}

/** A service's `environment:` mapping, values as written (before interpolation). */
function serviceEnvironment(service: string): Entries {
  const lines = readRoot('compose.yaml').split('\n');
  const body = blockUnder(blockUnder(lines, 'services', 0), service, 2);
  const entries: Entries = new Map();
  for (const line of blockUnder(body, 'environment', 4).filter(isContent)) {
    const match = /^ {6}([A-Z][A-Z0-9_]*): (.+)$/.exec(line);
    if (!match)
      throw new Error(`compose.yaml: ${service}.environment has an entry this test cannot read: ${line}`);
    entries.set(match[1]!, unquote(match[2]!.trim()));
  }
  return entries;
}

/** Compose's interpolation of one value against a .env: ${A}, ${A:-default}, ${A:?error}, $$. */
function interpolate(value: string, dotenv: Record<string, string>): string {
  return value.replace(
    /\$\$|\$\{(\w+)(?:(:?[-?])([^}]*))?\}/g,
    (whole, name?: string, op?: string, arg = '') => {
      if (whole === '$$') return '$';
      const given = dotenv[name!];
      const isSet = op?.startsWith(':') ? Boolean(given) : given !== undefined;
      if (isSet) return given!;
      if (op?.endsWith('?')) throw new Error(`compose refuses to start: ${arg}`);
      return op?.endsWith('-') ? arg : '';
    },
  );
}

const environmentFrom = (entries: Entries, dotenv: Record<string, string>) =>
  Object.fromEntries([...entries].map(([name, value]) => [name, interpolate(value, dotenv)]));

/** What .env must hold (each `${NAME:?…}` of compose.yaml): placeholders of the right shape. */
const REQUIRED_DOTENV: Record<string, string> = {
  APP_URL: 'https://tradeport.example.com',
  S3_ENDPOINT: 'https://files.example.com',
  JWT_SECRET: 'a-placeholder-signing-secret-of-40-chars!',
  POSTGRES_PASSWORD: 'placeholderpostgrespassword',
  MINIO_ROOT_USER: 'tradeport-admin',
  MINIO_ROOT_PASSWORD: 'placeholder-minio-root-password',
  S3_ACCESS_KEY_ID: 'tradeport-app',
  S3_SECRET_ACCESS_KEY: 'placeholder-app-secret',
};

/** Every optional setting too, each unlike the server's default, so that reading it shows. */
const FULL_DOTENV: Record<string, string> = {
  ...REQUIRED_DOTENV,
  DATABASE_POOL_SIZE: '8',
  SEED_DEMO: 'false',
  TRUST_PROXY: '172.16.0.0/12',
  ENVIRONMENT: 'STAGING',
  LOG_LEVEL: 'warn',
  INSTANCES: '2',
  JOB_TIMEOUT_SECONDS: '600',
  S3_PUBLIC_URL: 'https://cdn.example.com/tradeport',
  SMTP_URL: 'smtp://mail.example.com:587',
  MAIL_FROM: 'Harbourside Orders <orders@example.com>',
  SUPPORT_EMAIL: 'help@example.com',
  SUPPORT_PHONE: '02 9000 0000',
  STRIPE_SECRET_KEY: 'sk_test_placeholder',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_placeholder',
  STRIPE_WEBHOOK_SECRET: 'whsec_connect',
  STRIPE_CLIENT_ID: 'ca_placeholder',
  STRIPE_BILLING_WEBHOOK_SECRET: 'whsec_billing',
  ACCOUNTING_TOKEN_KEY: Buffer.alloc(32, 7).toString('base64'),
  XERO_CLIENT_ID: 'xero-client',
  XERO_CLIENT_SECRET: 'xero-secret',
  QUICKBOOKS_CLIENT_ID: 'quickbooks-client',
  QUICKBOOKS_CLIENT_SECRET: 'quickbooks-secret',
  QUICKBOOKS_ENVIRONMENT: 'sandbox',
  MYOB_CLIENT_ID: 'myob-client',
  MYOB_CLIENT_SECRET: 'myob-secret',
};

/** The config loaded from an environment, or the ConfigError it raised. */
function configOrError(env: Record<string, string>) {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
}

describe('compose.yaml', () => {
  const app = serviceEnvironment('app');

  it('asks .env for exactly the secrets and addresses it cannot default, and stops without each', () => {
    const required = new Set([...readRoot('compose.yaml').matchAll(/\$\{(\w+):\?/g)].map((m) => m[1]));
    expect([...required].sort()).toEqual(Object.keys(REQUIRED_DOTENV).sort());
    const services = ['postgres', 'minio', 'minio-setup', 'app'].map(serviceEnvironment);
    for (const name of Object.keys(REQUIRED_DOTENV)) {
      const { [name]: _left, ...rest } = REQUIRED_DOTENV;
      // Each service that needs it stops, and says what to put where.
      const needing = services.filter((entries) =>
        [...entries.values()].some((v) => v.includes(`\${${name}:?`)),
      );
      expect(needing.length, name).toBeGreaterThan(0);
      for (const entries of needing)
        expect(() => environmentFrom(entries, rest), name).toThrow(new RegExp(`set ${name} in \\.env`));
    }
  });

  it('gives the app a valid configuration from the least .env it accepts', () => {
    const config = loadConfig(environmentFrom(app, REQUIRED_DOTENV));
    const postgres = environmentFrom(serviceEnvironment('postgres'), REQUIRED_DOTENV);
    const database = new URL(config.databaseUrl!);
    expect(database.hostname).toBe('postgres');
    expect(database.username).toBe(postgres.POSTGRES_USER);
    expect(database.password).toBe(postgres.POSTGRES_PASSWORD);
    expect(database.pathname).toBe(`/${postgres.POSTGRES_DB}`);
    expect(config.appUrl).toBe(REQUIRED_DOTENV.APP_URL);
    // A public server starts without the demo logins unless .env asks for them.
    expect(config.seedDemo).toBe(false);
  });

  it('has the app use the bucket and the user minio-setup makes, and MinIO allow its uploads', () => {
    const config = loadConfig(environmentFrom(app, REQUIRED_DOTENV));
    const compose = readRoot('compose.yaml');
    expect(compose).toContain(`mc mb --ignore-existing local/${config.s3?.bucket}`);
    expect(compose).toContain(`mc anonymous set download local/${config.s3?.bucket}`);
    const setup = environmentFrom(serviceEnvironment('minio-setup'), REQUIRED_DOTENV);
    expect(config.s3).toMatchObject({
      endpoint: REQUIRED_DOTENV.S3_ENDPOINT,
      accessKeyId: setup.S3_ACCESS_KEY_ID,
      secretAccessKey: setup.S3_SECRET_ACCESS_KEY,
    });
    // The browser PUTs each image straight to the bucket from APP_URL's page.
    const minio = environmentFrom(serviceEnvironment('minio'), REQUIRED_DOTENV);
    expect(minio.MINIO_API_CORS_ALLOW_ORIGIN).toBe(new URL(config.appUrl).origin);
  });

  it('passes the app only settings the server reads: leaving any one out changes or breaks the config', () => {
    const optional = [...app.values()].flatMap((value) =>
      [...value.matchAll(/\$\{(\w+):-/g)].map((m) => m[1]!),
    );
    expect(optional.filter((name) => !(name in FULL_DOTENV))).toEqual([]);
    const env = environmentFrom(app, FULL_DOTENV);
    const full = loadConfig(env);
    const unread = [...app.keys()].filter((name) => {
      const { [name]: _left, ...rest } = env;
      const without = configOrError(rest);
      return !(without instanceof ConfigError) && JSON.stringify(without) === JSON.stringify(full);
    });
    expect(unread).toEqual([]);
    expect(full.stripe).toBeDefined();
    expect(full.accounting?.quickbooks?.sandbox).toBe(true);
  });
});

// ---- Dockerfile: logical lines (continuations joined), grouped into stages

type Instruction = { keyword: string; args: string };

function dockerfileStages() {
  const logical = readRoot('Dockerfile')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .filter(isContent)
    .map((line): Instruction => {
      const [, keyword = '', args = ''] = /^\s*(\S+)\s*(.*)$/.exec(line) ?? [];
      return { keyword: keyword.toUpperCase(), args: args.trim() };
    });
  const globalArgs = new Map<string, string>();
  const stages: { image: string; name?: string; instructions: Instruction[] }[] = [];
  for (const instruction of logical) {
    if (instruction.keyword === 'FROM') {
      const [image = '', , name] = instruction.args.split(/\s+/);
      const resolved = image.replace(/\$\{(\w+)\}/g, (_, arg: string) => globalArgs.get(arg) ?? '');
      stages.push({ image: resolved, name, instructions: [] });
    } else if (stages.length === 0 && instruction.keyword === 'ARG') {
      const [arg = '', value = ''] = instruction.args.split('=');
      globalArgs.set(arg, value);
    } else {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return stages;
}

const argsOf = (instructions: Instruction[], keyword: string) =>
  instructions.filter((i) => i.keyword === keyword).map((i) => i.args);

/** The command that package.json's start script runs once `npm run build` has built. */
function startCommand() {
  const match = /^npm run build && (.+)$/.exec(packageJson.scripts.start ?? '');
  if (!match)
    throw new Error(`package.json's start script no longer builds first: ${packageJson.scripts.start}`);
  return match[1]!;
}

describe('Dockerfile', () => {
  const stages = dockerfileStages();
  const buildStage = stages.find((stage) => stage.name === 'build');
  const final = stages.at(-1)!;

  it('runs the Node that the npm scripts run on, from a pinned tag', () => {
    expect(new Set(stages.map((stage) => stage.image)).size).toBe(1);
    expect(final.image).toBe(`node:${packageJson.devDependencies.node}-bookworm-slim`);
  });

  it('builds with the commands CI runs: its npm ci, then npm run build', () => {
    expect(buildStage).toBeDefined();
    const ciInstall = /^step "npm ci" (npm ci\b.*)$/m.exec(readRoot('.ci/run'))?.[1];
    expect(ciInstall).toBeDefined();
    const runs = argsOf(buildStage!.instructions, 'RUN');
    expect(runs).toContain(ciInstall);
    expect(runs).toContain('npm run build');
    expect(runs.indexOf('npm run build')).toBeGreaterThan(runs.indexOf(ciInstall!));
    expect(packageJson.scripts.build).toMatch(/vite build apps\/web && node apps\/server\/build\.mjs/);
  });

  it("starts the way npm start does, from the build stage's output, with production dependencies", () => {
    expect(final).not.toBe(buildStage);
    const [cmd] = argsOf(final.instructions, 'CMD');
    expect((JSON.parse(cmd!) as string[]).join(' ')).toBe(startCommand());
    const copied = argsOf(final.instructions, 'COPY').filter((args) => args.startsWith('--from=build '));
    for (const dist of ['apps/server/dist', 'apps/web/dist'])
      expect(copied).toContain(`--from=build /app/${dist} ${dist}`);
    expect(argsOf(final.instructions, 'RUN').some((run) => /^npm ci .*--omit=dev/.test(run))).toBe(true);
    expect(argsOf(final.instructions, 'ENV')).toContain('NODE_ENV=production');
  });

  it('runs as a user other than root, on the default port, with a health check on /api/v1/health', () => {
    const users = argsOf(final.instructions, 'USER');
    expect(users.length).toBeGreaterThan(0);
    expect(['root', '0']).not.toContain(users.at(-1)!.split(':')[0]);
    expect(argsOf(final.instructions, 'EXPOSE')).toEqual([String(loadConfig({}).port)]);
    const [healthcheck] = argsOf(final.instructions, 'HEALTHCHECK');
    expect(healthcheck).toContain(`${API_PREFIX}${getHealth.path}`);
    // Slim images have no curl or wget: the check must be Node's own.
    expect(healthcheck).toMatch(/CMD \["node", "-e", ".*fetch\(/);
  });

  it('keeps the embedded database in a volume that the node user owns', () => {
    const dataDir = argsOf(final.instructions, 'ENV')
      .find((env) => env.startsWith('DATA_DIR='))
      ?.slice('DATA_DIR='.length);
    expect(dataDir).toBeDefined();
    expect(loadConfig({ DATA_DIR: dataDir! }).dataDir).toBe(dataDir);
    expect(argsOf(final.instructions, 'VOLUME')).toEqual([JSON.stringify([dataDir])]);
    expect(argsOf(final.instructions, 'RUN')).toContain(`mkdir -p ${dataDir} && chown node:node ${dataDir}`);
  });

  it('leaves local state, secrets and build output out of the build context (.dockerignore)', () => {
    const ignored = readRoot('.dockerignore').split('\n').filter(isContent);
    for (const pattern of ['**/node_modules', '**/dist', 'data', '.env', '.git'])
      expect(ignored).toContain(pattern);
  });
});

describe('the server bundle', () => {
  // The image installs only @tradeport/server's production dependencies, so a package the bundle
  // imports that is listed anywhere else (a root devDependency, say) works in CI and fails there.
  it("imports at run time only packages that are @tradeport/server's dependencies", async () => {
    const server = JSON.parse(readRoot('apps/server/package.json')) as {
      dependencies: Record<string, string>;
    };
    const result = await build({
      entryPoints: [path.join(ROOT, 'apps/server/src/main.ts')],
      bundle: true,
      write: false,
      outdir: path.join(ROOT, '.tmp/deployment-files-bundle'),
      platform: 'node',
      format: 'esm',
      metafile: true,
      logLevel: 'silent',
      // As apps/server/build.mjs: npm packages stay external, the workspace contract is bundled.
      plugins: [
        {
          name: 'external-npm-packages',
          setup(pluginBuild) {
            pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
              args.path.startsWith('@tradeport/') ? undefined : { path: args.path, external: true },
            );
          },
        },
      ],
    });
    const imported = new Set(
      Object.values(result.metafile.outputs)
        .flatMap((output) => output.imports)
        .filter((entry) => entry.external && !entry.path.startsWith('node:'))
        .map((entry) =>
          entry.path
            .split('/')
            .slice(0, entry.path.startsWith('@') ? 2 : 1)
            .join('/'),
        ),
    );
    expect(imported.size).toBeGreaterThan(10);
    expect([...imported].filter((name) => !(name in server.dependencies))).toEqual([]);
  });
});
