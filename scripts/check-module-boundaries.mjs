#!/usr/bin/env node
// Modules own their tables (design.md section 6, decision 020), checked on every `npm run lint`:
//
// 1. A module's repository is private: nothing outside apps/api/src/modules/A imports A/repository.
//    A module may publish column sets in A/columns.ts for the read joins of other repositories.
// 2. Only a module's repository writes its tables (insert, update, delete), and only repositories
//    (and columns.ts) use the schema's tables at all (a type-only import is fine anywhere).
// 3. A repository reads another module's table only when READ_JOINS lists it: a join that keeps a
//    hot path at one statement. The list is the known debt; it may shrink, and a new entry is a
//    reviewed decision, never a way around rule 2.
// 4. Every table of packages/db/src/schema has exactly one owner in TABLE_OWNERS.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** Which module owns each table (the schema's export names). */
export const TABLE_OWNERS = {
  accounts: ['users', 'addresses'],
  auth: [
    'sessions',
    'trustedDevices',
    'loginChallenges',
    'passwordResets',
    'loginTokens',
    'oauthStates',
    'emailChanges',
  ],
  blog: ['blogCategories', 'blogPosts'],
  carts: ['abandonedCarts', 'abandonedCartItems', 'abandonedCartUpsellItems'],
  catalog: [
    'categories',
    'badges',
    'products',
    'indicators',
    'tags',
    'productIndicators',
    'productTags',
    'menus',
    'menuCategories',
    'bestsellerGroups',
    'bestsellerGroupItems',
    'productRecommendations',
  ],
  checkout: [
    'checkoutUpsellProducts',
    'orders',
    'orderLines',
    'checkoutAttempts',
    'routeGrants',
    'orderRefunds',
  ],
  // Every admin change, with who made it and the record before and after (issue 17).
  audit: ['adminAuditEntries'],
  // A subscription's upcoming boxes and their contents (the renewal engine, issue 12).
  subscriptions: ['subscriptions', 'deliveries', 'deliveryItems', 'subscriptionCancellations'],
  // The shared ledger of counted events (sign-in failures, codes, declines) and request counters.
  limits: ['authEvents', 'rateLimitCounters'],
  'gift-cards': ['giftCardPurchases', 'giftCards', 'giftCardEntries', 'giftCardPromotions'],
  mail: ['mailMessages'],
  // Events, experiments and their assignments, abandoned-cart reminders and unsubscribes (issue 16).
  marketing: [
    'marketingEvents',
    'nonprofitSelections',
    'experiments',
    'experimentAssignments',
    'cartReminders',
    'emailUnsubscribes',
  ],
  payments: [
    'testPaymentMethods',
    'testPaymentIntents',
    'testPaymentRefunds',
    'testSetupIntents',
    'paymentEvents',
  ],
  plans: ['plans'],
  pricing: ['priceVarianceGroups'],
  promotions: [
    'promoCodes',
    'promoCodeTiers',
    'promoCodeRedemptions',
    'partnerships',
    'referralCodes',
    'creditLedger',
    'appSettingGroups',
  ],
  shipping: ['states', 'zipCodes'],
};

/** Reads of other modules' tables a repository may make (in joins and sub-selects, never writes). */
export const READ_JOINS = {
  // An address shows its zip code's digits.
  accounts: ['zipCodes'],
  // Sign-in reads the account it signs in and the referral code shown on it.
  auth: ['users', 'referralCodes'],
  // Pricing a cart is one statement: its plan, zip, state, promotion, referrer, credits and lines.
  carts: [
    'plans',
    'priceVarianceGroups',
    'zipCodes',
    'states',
    'promoCodes',
    'promoCodeTiers',
    'partnerships',
    'referralCodes',
    'users',
    'appSettingGroups',
    'creditLedger',
    'products',
    'categories',
    'badges',
    'bestsellerGroups',
    'bestsellerGroupItems',
  ],
  // Add-on offers with the cart's quantities, the cart under lock with its zip, subscriptions' plans.
  checkout: [
    'products',
    'categories',
    'abandonedCarts',
    'abandonedCartUpsellItems',
    'zipCodes',
    'states',
    'plans',
  ],
  // The reminder job picks idle captured carts in one statement (claimed FOR UPDATE SKIP LOCKED),
  // and the one-click cart restore answers the cart's id; both only read (decision 026).
  // The admin's experiment results count the assigned customers who placed an order (issue 17).
  marketing: ['abandonedCarts', 'abandonedCartItems', 'orders'],
  payments: ['orders'],
  plans: ['categories'],
  // A shopper's price context: the cart's variance group and plan, catalogue indicators and tags.
  pricing: ['abandonedCarts', 'plans', 'indicators', 'tags'],
  promotions: ['users'],
  // Pricing and shipping a box is one statement: its plan, customer, address with state and zip,
  // the code's tiers and the spendable credit; a box's meals with their prices; a made box's order.
  subscriptions: [
    'plans',
    'users',
    'addresses',
    'states',
    'zipCodes',
    'promoCodes',
    'promoCodeTiers',
    'partnerships',
    'creditLedger',
    'products',
    'categories',
    'orders',
  ],
};

const WRITES = new Set(['insert', 'update', 'delete']);

/** The module a path under the modules folder belongs to, and whether it may use tables. */
function locate(path) {
  const [module, ...rest] = path.split('/');
  const file = rest.join('/');
  return { module, isRepository: file === 'repository.ts', isColumns: file === 'columns.ts' };
}

function resolveImport(fromPath, specifier) {
  if (!specifier.startsWith('.')) return null;
  const parts = fromPath.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/**
 * Every boundary broken by these files, as "path:line: message".
 * @param {Map<string, string>} files source by path relative to the modules folder ("carts/service.ts")
 * @param {{ owners?: Record<string, string[]>, readJoins?: Record<string, string[]>, tables?: string[] }} [rules]
 */
export function checkModuleBoundaries(files, rules = {}) {
  const owners = rules.owners ?? TABLE_OWNERS;
  const readJoins = rules.readJoins ?? READ_JOINS;
  const ownerOf = new Map(
    Object.entries(owners).flatMap(([module, tables]) => tables.map((t) => [t, module])),
  );
  const problems = [];

  for (const table of rules.tables ?? []) {
    const claimed = Object.entries(owners).filter(([, tables]) => tables.includes(table));
    if (claimed.length !== 1) {
      problems.push(`packages/db/src/schema: table ${table} needs exactly one owner in TABLE_OWNERS`);
    }
  }

  for (const [path, text] of files) {
    const { module, isRepository, isColumns } = locate(path);
    const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const report = (node, message) => {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      problems.push(`${path}:${line + 1}: ${message}`);
    };
    /** Local names bound to the schema namespace, and to single tables. */
    const schemaNames = new Set();
    const tableNames = new Map();

    const useTable = (node, table) => {
      if (!ownerOf.has(table)) return;
      const owner = ownerOf.get(table);
      if (!isRepository && !isColumns) {
        report(
          node,
          `table ${table} is used outside a repository (move the statement to ${owner}/repository.ts)`,
        );
      } else if (owner === module) {
        return;
      } else if (isWritten(node)) {
        report(
          node,
          `${module} writes ${owner}'s table ${table}: call ${owner}'s service with the transaction`,
        );
      } else if (!(readJoins[module] ?? []).includes(table)) {
        report(
          node,
          `${module} reads ${owner}'s table ${table}: call ${owner}'s service (or list it in READ_JOINS)`,
        );
      }
    };

    const visit = (node) => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        const specifier = node.moduleSpecifier.text;
        const target = resolveImport(path, specifier);
        if (target !== null) {
          const { module: targetModule, ...targetFile } = locate(`${target}.ts`);
          const elsewhere = targetModule !== module && !target.startsWith('..');
          if (elsewhere && targetFile.isRepository) {
            report(
              node,
              `${module} imports ${targetModule}/repository: call ${targetModule}'s service instead`,
            );
          } else if (elsewhere && targetFile.isColumns && !isRepository) {
            report(node, `${module} imports ${targetModule}/columns outside its repository`);
          }
        }
        const clause = node.importClause;
        if (specifier.startsWith('@sprout/db') && clause && !clause.isTypeOnly && clause.namedBindings) {
          if (ts.isNamedImports(clause.namedBindings)) {
            for (const element of clause.namedBindings.elements) {
              if (element.isTypeOnly) continue;
              const imported = (element.propertyName ?? element.name).text;
              if (imported === 'schema') schemaNames.add(element.name.text);
              else if (ownerOf.has(imported)) tableNames.set(element.name.text, imported);
            }
          } else {
            schemaNames.add(clause.namedBindings.name.text);
          }
        }
        return;
      }
      // const { users, orders: o } = schema;
      if (
        ts.isVariableDeclaration(node) &&
        ts.isObjectBindingPattern(node.name) &&
        node.initializer &&
        ts.isIdentifier(node.initializer) &&
        schemaNames.has(node.initializer.text)
      ) {
        for (const element of node.name.elements) {
          const table = (element.propertyName ?? element.name).getText(source);
          if (ts.isIdentifier(element.name)) tableNames.set(element.name.text, table);
          useTable(element, table);
        }
        return;
      }
      if (
        ts.isPropertyAccessExpression(node) &&
        ts.isIdentifier(node.expression) &&
        schemaNames.has(node.expression.text) &&
        !isTypePosition(node)
      ) {
        useTable(node, node.name.text);
        return;
      }
      if (ts.isIdentifier(node) && tableNames.has(node.text) && isUse(node) && !isTypePosition(node)) {
        // Each statement counts once: the destructuring already reported a read it did not allow.
        const table = tableNames.get(node.text);
        if (isWritten(node) && ownerOf.get(table) !== module) useTable(node, table);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return problems;
}

/** The table is the target of db.insert(table), db.update(table) or db.delete(table). */
function isWritten(node) {
  const call = node.parent;
  return (
    ts.isCallExpression(call) &&
    call.arguments[0] === node &&
    ts.isPropertyAccessExpression(call.expression) &&
    WRITES.has(call.expression.name.text)
  );
}

/** An identifier that reads a binding (not a declaration, a property name or an import). */
function isUse(node) {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return false;
  if (ts.isBindingElement(parent) || ts.isImportSpecifier(parent)) return false;
  if (ts.isPropertyAssignment(parent) && parent.name === node) return false;
  return true;
}

/** `typeof users.$inferSelect` and other types describe rows; only values run statements. */
function isTypePosition(node) {
  for (let current = node.parent; current; current = current.parent) {
    if (ts.isTypeNode(current)) return true;
    if (ts.isStatement(current) || ts.isExpressionStatement(current)) return false;
  }
  return false;
}

function listFiles(root, folder = root) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return listFiles(root, path);
    return entry.name.endsWith('.ts') ? [relative(root, path).split(sep).join('/')] : [];
  });
}

/** The table export names of the Drizzle schema. */
export function schemaTables(schemaFolder) {
  return readdirSync(schemaFolder)
    .filter((name) => name.endsWith('.ts'))
    .flatMap((name) =>
      [...readFileSync(join(schemaFolder, name), 'utf8').matchAll(/export const (\w+) = pgTable\(/g)].map(
        (match) => match[1],
      ),
    );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const repo = fileURLToPath(new URL('..', import.meta.url));
  const modulesFolder = join(repo, 'apps/api/src/modules');
  const files = new Map(
    listFiles(modulesFolder).map((path) => [path, readFileSync(join(modulesFolder, path), 'utf8')]),
  );
  const problems = checkModuleBoundaries(files, {
    tables: schemaTables(join(repo, 'packages/db/src/schema')),
  });
  for (const problem of problems)
    console.error(
      `apps/api/src/modules/${problem}`.replace(/^apps\/api\/src\/modules\/packages/, 'packages'),
    );
  if (problems.length > 0) {
    console.error(
      `\n${problems.length} module boundary problem(s): see docs/decisions/020-modules-own-their-tables.md`,
    );
    process.exit(1);
  }
}
