// Three habits the newer modules dropped, held by lint (each rule proved in
// scripts/eslint-rules.test.ts, wired in eslint.config.js, listed in docs/modules.md):
//
//   habits/no-raw-status-number  a status or a type compared with, filtered by, set to, typed as
//                                or keyed by a bare number: the contract names them
//                                (TRANSACTION_STATUS.SUCCESS, USER_STATUS.ACTIVE,
//                                TransactionType.Refund, API_PAYMENT_STATUS...), and a number
//                                says nothing to the reader nor changes with the name.
//   habits/no-number-on-money    Number() on a money amount: minorToWire (@paywallet/ledger)
//                                asserts the amount is a bigint and JSON-safe before it leaves.
//   habits/no-throw-new-error    throw new Error(...) for a broken invariant: assert(condition,
//                                message) says the invariant, and an expected failure is a named
//                                error (fail('...'), or a class of its own), never an anonymous one.
//
// The rules judge names, not types: they run without type information, so they stay fast, and
// the code base names things for what they hold (status, *_status, type_id, amountMinor).

// ---- names --------------------------------------------------------------------------------

/** The words of an identifier: `available_balance` -> available, balance; `feeMinor` -> fee, minor. */
function wordsOf(name) {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** What a node is called: an identifier, a member's property, a column string's last part, a call's callee. */
function nameOf(node) {
  if (!node) return undefined;
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier') return node.property.name;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value.split('.').pop();
  if (node.type === 'CallExpression') return nameOf(node.callee);
  if (['ChainExpression', 'TSNonNullExpression', 'TSAsExpression', 'TSSatisfiesExpression'].includes(node.type)) {
    return nameOf(node.expression);
  }
  return undefined;
}

// ---- habits/no-raw-status-number ----------------------------------------------------------

/** The last word of a name that holds a status or a type: status, kycStatus, LINK_PAYMENT_TYPE, kind. */
const STATUS_LAST_WORDS = new Set(['status', 'state', 'type', 'kind']);
/** wallets.is_default holds the wallet's kind (WALLET_KIND, DECISIONS 1), whatever its name says. */
const STATUS_COLUMNS = new Set(['is_default', 'isDefault']);
/** A map keyed by statuses or types: STATUS_COLOR, statusLabels, TYPE_LOOK. */
const STATUS_WORDS = new Set(['status', 'statuses', 'type', 'types', 'kind', 'kinds']);
/** HTTP statuses are three digits; the domain's statuses and types are small numbers. */
const DOMAIN_NUMBER_MAX = 99;
/** The operators of a Kysely comparison: .where('status', '=', 1), eb('status', 'in', [0, 1]). */
const SQL_OPERATORS = new Set(['=', '==', '!=', '<>', '<', '<=', '>', '>=', 'in', 'not in', 'is', 'is not']);
/** Raw SQL that compares a status or type column with a bare number, or lists bare numbers for it. */
const SQL_STATUS_NUMBER =
  /\b(\w+_)?(status|type|type_id|kind|is_default)\s*(=|<>|!=|>=|<=|>|<)\s*\d|\b(\w+_)?(status|type|type_id|kind|is_default)\s+(not\s+)?in\s*\(\s*\d/i;

/** A status or a type, or its id: status, channel_status, typeId, transaction_type_id, is_default. */
function namesStatus(node) {
  const name = nameOf(node);
  if (!name) return false;
  if (STATUS_COLUMNS.has(name)) return true;
  const words = wordsOf(name);
  return STATUS_LAST_WORDS.has(words.at(-1) === 'id' ? words.at(-2) : words.at(-1));
}

/** The bare small integer a value is, also when wrapped (`1 as const`) or chosen (`on ? 1 : 0`); else undefined. */
function bareNumberIn(node) {
  if (!node) return undefined;
  if (node.type === 'UnaryExpression' && node.operator === '-') return bareNumberIn(node.argument) && node;
  if (['TSAsExpression', 'TSSatisfiesExpression', 'TSNonNullExpression'].includes(node.type)) return bareNumberIn(node.expression);
  if (node.type === 'ConditionalExpression') return bareNumberIn(node.consequent) ?? bareNumberIn(node.alternate);
  const small = node.type === 'Literal' && typeof node.value === 'number' && Number.isInteger(node.value);
  return small && Math.abs(node.value) <= DOMAIN_NUMBER_MAX ? node : undefined;
}
const isDomainNumber = (node) => bareNumberIn(node) !== undefined;

/** A type written as bare numbers: `status: 1 | 2`, `isDefault: 0 | 1 | 2`. */
function isDomainNumberType(node) {
  if (!node) return false;
  if (node.type === 'TSUnionType') return node.types.some(isDomainNumberType);
  return node.type === 'TSLiteralType' && isDomainNumber(node.literal);
}

/** The name a numbered map is declared under, through `as` and `satisfies`: `const STATUS_COLOR = { 0: ... }`. */
function declaredNameOf(object) {
  let node = object.parent;
  while (node && ['TSAsExpression', 'TSSatisfiesExpression'].includes(node.type)) node = node.parent;
  return node?.type === 'VariableDeclarator' ? nameOf(node.id) : undefined;
}

const noRawStatusNumber = {
  meta: {
    type: 'suggestion',
    docs: { description: 'A status or a type is written by its contract name, never as a bare number.' },
    messages: {
      raw: "'{{name}}' meets a bare {{value}}: use the name the contract gives it (TRANSACTION_STATUS, USER_STATUS, TransactionType, the module's status map).",
      typed: "'{{name}}' is typed as bare numbers: use the type of its contract map (TTransactionStatus, TStoreStatus...).",
      keyed: "'{{name}}' is keyed by a bare {{value}}: key it by the contract's names ([STORE_STATUS.ACTIVE]: ...).",
      sql: 'Raw SQL compares a status or type column with a bare number: pass the contract name as a parameter.',
    },
    schema: [],
  },
  create(context) {
    const report = (node, nameNode, valueNode) =>
      context.report({ node, messageId: 'raw', data: { name: nameOf(nameNode), value: context.sourceCode.getText(valueNode) } });
    const reportPair = (node, left, right) => {
      if (isDomainNumber(right) && namesStatus(left)) report(node, left, bareNumberIn(right));
      else if (isDomainNumber(left) && namesStatus(right)) report(node, right, bareNumberIn(left));
    };
    return {
      // status === 1, row.kind >= 2
      BinaryExpression(node) {
        if (['===', '!==', '==', '!=', '<', '<=', '>', '>='].includes(node.operator)) reportPair(node, node.left, node.right);
      },
      // switch (row.status) { case 1: ... }
      SwitchCase(node) {
        if (isDomainNumber(node.test) && namesStatus(node.parent.discriminant)) report(node, node.parent.discriminant, node.test);
      },
      // Kysely: .where('status', '=', 1), .where('transactions.status', 'in', [0, 1]), eb('status', '<>', 2)
      CallExpression(node) {
        const [column, operator, value] = node.arguments;
        if (column?.type === 'Literal' && operator?.type === 'Literal' && SQL_OPERATORS.has(String(operator.value).toLowerCase())) {
          if (!namesStatus(column)) return;
          const numbers = value?.type === 'ArrayExpression' ? value.elements.filter(isDomainNumber) : isDomainNumber(value) ? [value] : [];
          if (numbers.length > 0) report(node, column, numbers[0]);
          return;
        }
        // [1, 2].includes(row.status)
        const callee = node.callee;
        if (callee.type === 'MemberExpression' && nameOf(callee) === 'includes' && callee.object.type === 'ArrayExpression') {
          const number = callee.object.elements.find(isDomainNumber);
          if (number && namesStatus(column)) report(node, column, number);
        }
      },
      // { status: 1 } in an insert, an update or a row built for one; { 0: 'green' } in STATUS_COLOR.
      Property(node) {
        if (node.parent.type !== 'ObjectExpression') return;
        if (!node.computed && namesStatus(node.key) && isDomainNumber(node.value)) report(node, node.key, bareNumberIn(node.value));
        const mapName = declaredNameOf(node.parent);
        if (!node.computed && isDomainNumber(node.key) && mapName && wordsOf(mapName).some((word) => STATUS_WORDS.has(word))) {
          context.report({ node: node.key, messageId: 'keyed', data: { name: mapName, value: String(node.key.value) } });
        }
      },
      // row.status = 1; const isDefault = first ? 1 : 0; function f(status = 1)
      AssignmentExpression(node) {
        if (node.operator === '=') reportPair(node, node.left, node.right);
      },
      VariableDeclarator(node) {
        if (node.init) reportPair(node, node.id, node.init);
      },
      AssignmentPattern(node) {
        reportPair(node, node.left, node.right);
      },
      // status: 1 | 2 in an interface, a type or a parameter
      TSTypeAnnotation(node) {
        const owner = node.parent.type === 'TSPropertySignature' ? node.parent.key : node.parent.type === 'Identifier' ? node.parent : null;
        if (owner && namesStatus(owner) && isDomainNumberType(node.typeAnnotation)) {
          context.report({ node, messageId: 'typed', data: { name: nameOf(owner) } });
        }
      },
      TemplateElement(node) {
        if (SQL_STATUS_NUMBER.test(node.value.raw)) context.report({ node, messageId: 'sql' });
      },
    };
  },
};

// ---- habits/no-number-on-money ------------------------------------------------------------

/** The words an amount of money goes by in this code base (amount, fee, vat, total_amount, balance...). */
const MONEY_WORDS = new Set([
  'amount',
  'amounts',
  'fee',
  'fees',
  'vat',
  'balance',
  'balances',
  'minor',
  'charge',
  'charges',
  'captured',
  'refunded',
  'refundable',
  'remaining',
  'price',
  'subtotal',
  'debit',
  'credit',
]);
/** A last word that makes a money word a count, a time, an id or a rate: feeCount, amount_id, balance_at, fee_bps. */
const NOT_MONEY_LAST_WORDS = new Set([
  'count',
  'counts',
  'id',
  'ids',
  'at',
  'ms',
  's',
  'bps',
  'percentage',
  'rows',
  'attempts',
  'label',
  'text',
]);

function isMoneyName(name) {
  const words = wordsOf(name);
  return words.some((word) => MONEY_WORDS.has(word)) && !NOT_MONEY_LAST_WORDS.has(words.at(-1));
}

/** The money name inside an argument: `row.fee`, `sums.amount ?? 0n`, `captured - refunded`, `-amountMinor`. */
function moneyNameIn(node) {
  if (!node) return undefined;
  if (node.type === 'LogicalExpression' || node.type === 'BinaryExpression') return moneyNameIn(node.left) ?? moneyNameIn(node.right);
  if (node.type === 'ConditionalExpression') return moneyNameIn(node.consequent) ?? moneyNameIn(node.alternate);
  if (node.type === 'UnaryExpression') return moneyNameIn(node.argument);
  const name = nameOf(node);
  return name && isMoneyName(name) ? name : undefined;
}

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
        const name = moneyNameIn(node.arguments[0]);
        if (name) context.report({ node, messageId: 'money', data: { name } });
      },
    };
  },
};

// ---- habits/no-throw-new-error ------------------------------------------------------------

/** The anonymous errors: the built-in constructors, which name nothing of ours. */
const ANONYMOUS_ERRORS = new Set(['Error', 'TypeError', 'RangeError', 'ReferenceError', 'SyntaxError', 'EvalError', 'URIError']);

/** new Error(...) or Error(...) (which is the same thing without `new`). */
const isAnonymousError = (node) =>
  (node?.type === 'NewExpression' || node?.type === 'CallExpression') &&
  node.callee.type === 'Identifier' &&
  ANONYMOUS_ERRORS.has(node.callee.name);

const noThrowNewError = {
  meta: {
    type: 'suggestion',
    docs: { description: 'A broken invariant is an assertion; an expected failure a named error.' },
    messages: {
      error:
        "throw new Error(...): state the invariant with assert(condition, message) from @paywallet/ledger, or fail with a named error (fail('...'), or an error class of its own).",
    },
    schema: [],
  },
  create(context) {
    return {
      ThrowStatement(node) {
        if (isAnonymousError(node.argument)) context.report({ node, messageId: 'error' });
      },
      // Promise.reject(new Error(...)) and a promise's reject(new Error(...)) throw it too.
      CallExpression(node) {
        if (nameOf(node.callee) === 'reject' && isAnonymousError(node.arguments[0])) context.report({ node, messageId: 'error' });
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
