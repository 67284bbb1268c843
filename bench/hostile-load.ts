// The load of bench part 5, in a process of its own so that its work is not counted in the
// platform's event loop: a probe (a small call every PROBE_INTERVAL_MS, timed), and, when
// asked, clients sending register and reset-password bodies with a password of the given
// length (1 MB by default), a few at a time. Prints one JSON line: what was sent, how it was answered, the probe's latencies.
//   node --import tsx bench/hostile-load.ts <base url> <seconds> <clients> <password characters>
const [baseUrl, secondsArg, clientsArg, passwordArg] = process.argv.slice(2);
const SECONDS = Number(secondsArg ?? 5);
const HOSTILE_CLIENTS = Number(clientsArg ?? 0);
const PROBE_INTERVAL_MS = 20;
const PASSWORD_CHARS = Number(passwordArg ?? 1024 * 1024);

const hugePassword = 'a'.repeat(PASSWORD_CHARS);
const bodies = [
  {
    path: 'register',
    body: JSON.stringify({
      firstName: 'Huge',
      lastName: 'Password',
      businessName: 'Huge Ltd',
      email: 'huge@bench.local',
      password: hugePassword,
      confirmPassword: hugePassword,
      carrierCode: '+971',
      phone: '501234567',
    }),
  },
  {
    path: 'reset-password',
    body: JSON.stringify({ email: 'huge@bench.local', password: hugePassword, confirmPassword: hugePassword, otp: '123456' }),
  },
];

async function post(path: string, body: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/v1/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  await response.arrayBuffer();
  return response.status;
}

async function main(): Promise<void> {
  const endAt = Date.now() + SECONDS * 1000;
  const statuses: Record<string, number> = {};
  let hostileSent = 0;
  const probeMs: number[] = [];
  const hostile = Array.from({ length: HOSTILE_CLIENTS }, async (_, client) => {
    for (let index = client; Date.now() < endAt; index++) {
      const { path, body } = bodies[index % bodies.length]!;
      const status = await post(path, body);
      hostileSent++;
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  });
  const probe = (async () => {
    while (Date.now() < endAt) {
      const started = performance.now();
      await post('get-app-config', '{}');
      probeMs.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, PROBE_INTERVAL_MS));
    }
  })();
  await Promise.all([...hostile, probe]);
  console.log(JSON.stringify({ hostileSent, statuses, probeMs }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
