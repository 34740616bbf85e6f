import { createLogger } from './logger.js';

const log = createLogger('payments');

export class PaymentService {
  constructor(gateway, db) {
    this.gateway = gateway;
    this.db = db;
  }

  async charge(order) {
    validate(order);
    const customer = await this.db.customers.find(order.customerId);
    const intent = await this.gateway.createIntent({ amount: order.total, customer: customer.id });
    this.#audit('charge', intent.id);
    log.info(`charged ${order.total}`);
    return new Receipt(intent, new Date());
  }

  refund(id) {
    return this.gateway
      .refunds
      .create({ id })
      .then((r) => r.status)
      .catch((err) => log.error(err));
  }

  #audit(action, id) {
    this.db?.audit?.insert({ action, id });
    super.toString();
    [1, 2].forEach(noop);
    (this.db || fallback).flush();
  }
}

function validate(order) {
  if (!order.total) throw new errors.ValidationError('order total is missing');
}

class Receipt {
  constructor(intent, date) {
    Object.assign(this, { intent, date });
  }
}
