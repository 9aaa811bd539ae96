import { it } from 'vitest';
import { createTestApp } from './test/app.js';
import { createBook, createUser, placeOrder } from './test/factories.js';
import { charge, initialize, verify } from './test/payments.js';
import { testScheduler } from './test/scheduler.js';

it('prints one scrape after a checkout', async () => {
  const t = await createTestApp({ metrics: { port: 0, host: '127.0.0.1' } });
  const app = t.app;
  const s = await testScheduler(app);
  await s.runDue();
  const user = await createUser(app);
  const book = await createBook(app, { stock: 5, price: '20.00' });
  const placed = await placeOrder(app, user, [{ book, quantity: 1 }]);
  const id = placed.json().id;
  const { reference } = (await initialize(app, user, id)).json();
  await charge(app, user, reference);
  await verify(app, user, id, reference);
  await s.stop();
  const text = await (await fetch(`http://127.0.0.1:${app.metrics!.port}/metrics`)).text();
  console.log(text.split('\n').filter((l) => /^(orders_|payments_|refunds_|outbox_|mail_|scheduled_|http_request_duration_seconds_count|db_pool)/.test(l)).join('\n'));
  await t.close();
});
