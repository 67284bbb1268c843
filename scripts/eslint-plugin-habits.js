// Three habits the newer modules dropped, held by lint (each rule proved in
// scripts/eslint-rules.test.ts, wired in eslint.config.js):
//
//   habits/no-raw-status-number  a status or a type compared with, filtered by or set to a bare
//                                number: the contract names them (TRANSACTION_STATUS.SUCCESS,
//                                USER_STATUS.ACTIVE, TransactionType.Refund, API_PAYMENT_STATUS...),
//                                and a number says nothing to the reader nor changes with the name.
//   habits/no-number-on-money    Number() on a money amount: minorToWire (@paywallet/ledger)
//                                asserts the amount is a bigint and JSON-safe before it leaves.
//   habits/no-throw-new-error    throw new Error(...) for a broken invariant: assert(condition,
//                                message) says the invariant, and an expected failure is a named
//                                error (fail('...')), never an anonymous one.

/** A name that holds a status or a type id: status, channel_status, kycStatus, transaction_type_id, typeId. */
const STATUS_NAME = /^(status|state|type_id|typeId|transaction_type_id|transactionTypeId)$|_status$|Status$|_type_id$|TypeId$/;
/** HTTP statuses are three digits; the domain's statuses and types are small numbers. */
const DOMAIN_NUMBER_MAX = 99;
/** The names an amount of money goes by in this code base. */
const MONEY_NAME = /amount|fee|vat|balance|minor|charge|captured|refunded|remaining|price|total_?(amount|debit)/i;
/** Raw SQL that compares a status or type column with a number. */
const SQL_STATUS_NUMBER = /\b(\w+_)?(status|type_id)\s*(=|<>|!=|>=|<=|>|<)\s*\d|\b(\w+_)?(status|type_id)\s+in\s*\(\s*\d/i;

function nameOf(node) {
  if (!node) return undefined;
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier') return node.property.name;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value.split('.').pop();
  if (node.type === 'CallExpression') return nameOf(node.callee);
  if (node.type === 'ChainExpression' || node.type === 'TSNonNullExpression' || node.type === 'TSAsExpression') return nameOf(node.expression);
  return undefined;
}

function isDomainNumber(node) {
  if (!node) return false;
  if (node.type === 'UnaryExpression' && node.operator === '-') return isDomainNumber(node.argument);
  return node.type === 'Literal' && typeof node.value === 'number' && Number.isInteger(node.value) && Math.abs(node.value) <= DOMAIN_NUMBER_MAX;
}

const namesStatus = (node) => STATUS_NAME.test(nameOf(node) ?? '');

const noRawStatusNumber = {
  meta: {
    type: 'suggestion',
    docs: { description: 'A status or a type is written by its contract name, never as a bare number.' },
    messages: {
      raw: "'{{name}}' meets a bare {{value}}: use the name the contract gives it (TRANSACTION_STATUS, USER_STATUS, TransactionType, the module's status map).",
      sql: 'Raw SQL compares a status or type column with a bare number: pass the contract name as a parameter.',
    },
    schema: [],
  },
  create(context) {
    const report = (node, nameNode, valueNode) =>
      context.report({ node, messageId: 'raw', data: { name: nameOf(nameNode), value: context.sourceCode.getText(valueNode) } });
    return {
      BinaryExpression(node) {
        if (!['===', '!==', '==', '!='].includes(node.operator)) return;
        if (isDomainNumber(node.right) && namesStatus(node.left)) report(node, node.left, node.right);
        else if (isDomainNumber(node.left) && namesStatus(node.right)) report(node, node.right, node.left);
      },
      // Kysely: .where('status', '=', 1), .where('transactions.status', 'in', [0, 1])
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || !['where', 'having', 'orWhere'].includes(nameOf(callee) ?? '')) return;
        const [column, , value] = node.arguments;
        if (!column || column.type !== 'Literal' || !namesStatus(column)) return;
        const numbers = value?.type === 'ArrayExpression' ? value.elements.filter(isDomainNumber) : isDomainNumber(value) ? [value] : [];
        if (numbers.length > 0) report(node, column, numbers[0]);
      },
      // { status: 1 } in an insert, an update or a row built for one.
      Property(node) {
        if (node.parent.type !== 'ObjectExpression' || node.computed) return;
        if (namesStatus(node.key) && isDomainNumber(node.value)) report(node, node.key, node.value);
      },
      TemplateElement(node) {
        if (SQL_STATUS_NUMBER.test(node.value.raw)) context.report({ node, messageId: 'sql' });
      },
    };
  },
};

const noNumberOnMoney = {
  meta: {
    type: 'problem',
    docs: { description: 'Money leaves through minorToWire, never through Number().' },
    messages: { money: "Number({{name}}) on money: use minorToWire, which checks it is a bigint within JSON's safe range." },
    schema: [],
  },
  create(context) {
    return {
      CallExpression(node) {
        if (node.callee.type !== 'Identifier' || node.callee.name !== 'Number' || node.arguments.length !== 1) return;
        const name = nameOf(node.arguments[0]);
        if (name && MONEY_NAME.test(name)) context.report({ node, messageId: 'money', data: { name } });
      },
    };
  },
};

const noThrowNewError = {
  meta: {
    type: 'suggestion',
    docs: { description: 'A broken invariant is an assertion; an expected failure a named error.' },
    messages: {
      error:
        "throw new Error(...): state the invariant with assert(condition, message) from @paywallet/ledger, or fail with a named error (fail('...')).",
    },
    schema: [],
  },
  create(context) {
    return {
      ThrowStatement(node) {
        const thrown = node.argument;
        if (thrown?.type === 'NewExpression' && thrown.callee.type === 'Identifier' && thrown.callee.name === 'Error') {
          context.report({ node, messageId: 'error' });
        }
      },
    };
  },
};

export default {
  meta: { name: 'habits' },
  rules: {
    'no-raw-status-number': noRawStatusNumber,
    'no-number-on-money': noNumberOnMoney,
    'no-throw-new-error': noThrowNewError,
  },
};
