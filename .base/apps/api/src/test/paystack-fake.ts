import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Paystack's documented API, for tests: GET /transaction/verify/{reference},
 * POST /refund (all or part of a charge, never more than is left of it) and GET /refund?transaction=
 * with the secret key, answering like Paystack ({ status, message, data }). Tests decide what each
 * reference's transaction looks like, and can make the provider fail, or lose the answer to a refund
 * it made.
 */
export interface FakeTransaction {
  status: 'success' | 'failed' | 'abandoned' | 'reversed' | 'ongoing';
  reference: string;
  amount: number;
  currency: string;
}

export interface FakePaystack {
  url: string;
  secretKey: string;
  transactions: Map<string, FakeTransaction>;
  /** Answer 500 to everything (provider trouble). */
  down: boolean;
  /** How many verify calls were made. */
  calls: number;
  /** Refunds made, in order. */
  refunds: { transaction: string; amount: number; merchant_note?: string }[];
  /** Make the next refund, then answer 500 as if the answer was lost on the way. */
  loseNextRefundAnswer: boolean;
  close(): Promise<void>;
  /** A signed webhook delivery: body and headers as Paystack sends them. */
  webhook(event: string, data: unknown, secret?: string): { payload: string; headers: Record<string, string> };
}

export async function startFakePaystack(secretKey: string): Promise<FakePaystack> {
  const fake: Omit<FakePaystack, 'url' | 'close'> = {
    secretKey,
    transactions: new Map(),
    down: false,
    calls: 0,
    refunds: [],
    loseNextRefundAnswer: false,
    webhook(event, data, secret = secretKey) {
      const payload = JSON.stringify({ event, data });
      const signature = createHmac('sha512', secret).update(payload).digest('hex');
      return { payload, headers: { 'content-type': 'application/json', 'x-paystack-signature': signature } };
    },
  };
  const server: Server = createServer((req, res) => {
    const send = (code: number, body: unknown) => {
      res.writeHead(code, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (fake.down) return send(500, { status: false, message: 'Internal error' });
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return send(401, { status: false, message: 'Invalid key' });
    }
    if (req.method === 'POST' && req.url === '/refund') {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      req.on('end', () => {
        const body = JSON.parse(raw || '{}') as { transaction?: string; amount?: number; merchant_note?: string };
        const tx = body.transaction ? fake.transactions.get(body.transaction) : undefined;
        if (!tx || tx.status !== 'success') return send(400, { status: false, message: 'Transaction not found' });
        const amount = body.amount ?? tx.amount;
        const given = fake.refunds.filter((r) => r.transaction === tx.reference).reduce((sum, r) => sum + r.amount, 0);
        if (given + amount > tx.amount) {
          return send(400, { status: false, message: 'Refund amount cannot be more than the transaction amount' });
        }
        fake.refunds.push({
          transaction: tx.reference,
          amount,
          ...(body.merchant_note ? { merchant_note: body.merchant_note } : {}),
        });
        if (fake.loseNextRefundAnswer) {
          fake.loseNextRefundAnswer = false;
          return send(500, { status: false, message: 'Gateway timeout' });
        }
        send(200, {
          status: true,
          message: 'Refund has been queued for processing',
          data: { status: 'pending', amount: body.amount },
        });
      });
      return;
    }
    const listing = /^\/refund\?transaction=([^&]+)$/.exec(req.url ?? '');
    if (req.method === 'GET' && listing) {
      const reference = decodeURIComponent(listing[1]!);
      const data = fake.refunds
        .filter((r) => r.transaction === reference)
        .map((r, i) => ({
          id: i + 1,
          transaction: reference,
          amount: r.amount,
          merchant_note: r.merchant_note ?? null,
          status: 'processed',
        }));
      return send(200, { status: true, message: 'Refunds retrieved', data });
    }
    const match = /^\/transaction\/verify\/([^/?]+)$/.exec(req.url ?? '');
    if (req.method !== 'GET' || !match) return send(404, { status: false, message: 'Not found' });
    fake.calls++;
    const tx = fake.transactions.get(decodeURIComponent(match[1]!));
    if (!tx)
      return send(400, { status: false, message: 'Transaction reference not found', code: 'transaction_not_found' });
    return send(200, {
      status: true,
      message: 'Verification successful',
      data: { id: 1, domain: 'test', gateway_response: tx.status === 'success' ? 'Successful' : 'Declined', ...tx },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
