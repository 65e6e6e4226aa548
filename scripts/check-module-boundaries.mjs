#!/usr/bin/env node
// The API's import direction and table ownership (ARCHITECTURE.md, docs/decisions/020 and 048),
// checked on every `npm run lint` over apps/api/src:
//
// 1. Layers import downwards only (LAYER_IMPORTS): app.ts composes everything; workflows/ compose
//    modules; a module uses platform/, plugins' types and the plumbing (domain/, http/, lib/,
//    errors/, config.ts); platform/ and the plumbing import no module and no workflow.
// 2. Modules are leaves: a module imports no other module, not even a type (move the shared type to
//    domain/ or the contracts; pass what another module knows from above). The module graph has no
//    cycle (reported apart, so that a knot reads as one).
// 3. A repository is private to its owner (a module, or a platform service): nothing outside its
//    folder imports it, workflows included. A module may publish column sets in columns.ts for the
//    read joins of other repositories.
// 4. Only the owner's repository writes its tables (insert, update, delete), and only repositories
//    (and columns.ts) use the schema's tables at all (a type-only import is fine anywhere).
// 5. A repository reads another owner's table only when READ_JOINS lists it: a join that keeps a
//    hot path at one statement. The list is the known debt; it may shrink, and a new entry is a
//    reviewed decision, never a way around rule 4.
// 6. Every table of packages/db/src/schema has exactly one owner in TABLE_OWNERS.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** Which module (or platform service, `platform/<name>`) owns each table (the schema's export names). */
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
  // A family's children, their allergens, dislikes and ratings (decision 055).
  families: ['children', 'childAllergens', 'childDislikes', 'dishRatings', 'ratingLinks'],
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
  // Every admin change, with who made it and the record before and after (decision 027).
  'platform/audit': ['adminAuditEntries'],
  // A subscription's upcoming boxes and their contents (the renewal engine, decision 021).
  subscriptions: ['subscriptions', 'deliveries', 'deliveryItems', 'subscriptionCancellations'],
  // The shared ledger of counted events (sign-in failures, codes, declines) and request counters.
  'platform/limits': ['authEvents', 'rateLimitCounters'],
  'gift-cards': ['giftCardPurchases', 'giftCards', 'giftCardEntries', 'giftCardPromotions'],
  'platform/mail': ['mailMessages'],
  // Events, experiments and their assignments, abandoned-cart reminders and unsubscribes (decision 026).
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
  // A child's allergens and diet are catalogue tags, a disliked dish shows its SKU and name.
  families: ['tags', 'products'],
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
  // The admin's experiment results count the assigned customers who placed an order (decision 027).
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

/**
 * The layers a layer may import, besides itself (ARCHITECTURE.md). `root` is the composition root
 * (app.ts and the entry points) and the lists of routes (modules/index.ts, workflows/index.ts);
 * plugins/ are the root's Fastify plugins, so they may register a module's reads or provider.
 */
export const LAYER_IMPORTS = {
  root: ['workflows', 'modules', 'plugins', 'platform', 'domain', 'http', 'lib', 'errors'],
  workflows: ['modules', 'plugins', 'platform', 'domain', 'http', 'lib', 'errors'],
  plugins: ['modules', 'platform', 'domain', 'http', 'lib', 'errors'],
  modules: ['plugins', 'platform', 'domain', 'http', 'lib', 'errors'],
  platform: ['domain', 'http', 'lib', 'errors'],
  domain: ['lib'],
  http: ['lib', 'errors'],
  lib: ['http', 'errors'],
  errors: ['lib'],
};

/**
 * Where a file (relative to apps/api/src) sits: its layer, its owner (a module's or a platform
 * service's folder) and whether it is that owner's repository or published columns.
 */
export function locate(path) {
  const parts = path.split('/');
  const file = parts.at(-1);
  if (parts.length === 1) return { layer: file === 'config.ts' ? 'lib' : 'root', owner: null, file };
  const [layer, folder, ...rest] = parts;
  if (rest.length === 0 && file === 'index.ts' && (layer === 'modules' || layer === 'workflows')) {
    return { layer: 'root', owner: null, file };
  }
  const owner = (layer === 'modules' || layer === 'platform') && rest.length > 0 ? folder : null;
  const name = owner === null ? null : layer === 'modules' ? folder : `platform/${folder}`;
  const inner = rest.join('/');
  return {
    layer,
    owner: name,
    module: layer === 'modules' ? owner : null,
    file,
    isRepository: name !== null && inner === 'repository.ts',
    isColumns: name !== null && inner === 'columns.ts',
  };
}

/** The file a relative specifier names, or null when it leaves the source folder or is a package. */
function resolveImport(fromPath, specifier, files) {
  if (!specifier.startsWith('.')) return null;
  const parts = fromPath.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else if (part !== '.') parts.push(part);
  }
  const base = parts.join('/').replace(/\.(m?js|ts)$/, '');
  if (files.has(`${base}/index.ts`) && !files.has(`${base}.ts`)) return `${base}/index.ts`;
  return `${base}.ts`;
}

/** The cycles of a graph (its strongly connected components of more than one node), each sorted. */
export function findCycles(edges) {
  const nodes = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((to) => [...to])])].sort();
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  let counter = 0;
  const connect = (node) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of [...(edges.get(node) ?? [])].sort()) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), index.get(next)));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const node of nodes) if (!index.has(node)) connect(node);
  return cycles.sort((a, b) => a[0].localeCompare(b[0]));
}

/**
 * Every boundary broken by these files, as "path:line: message" (cycles as "modules: …").
 * @param {Map<string, string>} files source by path relative to apps/api/src ("modules/carts/service.ts")
 * @param {{ owners?: Record<string, string[]>, readJoins?: Record<string, string[]>, tables?: string[] }} [rules]
 */
export function checkModuleBoundaries(files, rules = {}) {
  const owners = rules.owners ?? TABLE_OWNERS;
  const readJoins = rules.readJoins ?? READ_JOINS;
  const ownerOf = new Map(
    Object.entries(owners).flatMap(([module, tables]) => tables.map((t) => [t, module])),
  );
  const problems = [];
  /** Module-to-module imports, for the cycle check: importer → imported modules. */
  const moduleEdges = new Map();

  for (const table of rules.tables ?? []) {
    const claimed = Object.entries(owners).filter(([, tables]) => tables.includes(table));
    if (claimed.length !== 1) {
      problems.push(`packages/db/src/schema: table ${table} needs exactly one owner in TABLE_OWNERS`);
    }
  }

  for (const [path, text] of files) {
    const { layer, owner: module, module: inModule, isRepository, isColumns } = locate(path);
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

    const checkImport = (node, to, target) => {
      const elsewhere = to.owner !== null && to.owner !== module;
      if (elsewhere && to.isRepository) {
        report(node, `${module ?? layer} imports ${to.owner}/repository: call ${to.owner}'s service instead`);
        return;
      }
      if (elsewhere && to.isColumns) {
        // A repository's read join through published columns is the one import across modules (rule 3).
        if (!isRepository)
          report(node, `${module ?? layer} imports ${to.owner}/columns outside its repository`);
        return;
      }
      if (to.layer === layer) {
        if (inModule && to.module && to.module !== inModule) {
          if (!moduleEdges.has(inModule)) moduleEdges.set(inModule, new Set());
          moduleEdges.get(inModule).add(to.module);
          report(
            node,
            `module ${inModule} imports module ${to.module} (${target.replace(/^modules\//, '')}): modules are leaves; ` +
              'take it from above (a workflow passes it, app.ts hands over a function) or move a shared type to domain/ or the contracts',
          );
        }
        return;
      }
      if (!(LAYER_IMPORTS[layer] ?? []).includes(to.layer)) {
        report(
          node,
          `${layer}/ imports ${to.layer}/ (${target}): a layer never imports one above it (ARCHITECTURE.md)`,
        );
      }
    };

    const visit = (node) => {
      if (
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
        node.moduleSpecifier &&
        ts.isStringLiteral(node.moduleSpecifier)
      ) {
        const specifier = node.moduleSpecifier.text;
        const target = resolveImport(path, specifier, files);
        if (target !== null) checkImport(node, locate(target), target);
        if (!ts.isImportDeclaration(node)) return;
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
  for (const cycle of findCycles(moduleEdges)) {
    problems.push(`modules: ${cycle.join(', ')} import each other in a cycle`);
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
  const sourceFolder = join(repo, 'apps/api/src');
  const files = new Map(
    listFiles(sourceFolder).map((path) => [path, readFileSync(join(sourceFolder, path), 'utf8')]),
  );
  const problems = checkModuleBoundaries(files, {
    tables: schemaTables(join(repo, 'packages/db/src/schema')),
  });
  for (const problem of problems) {
    console.error(/^(packages|modules:)/.test(problem) ? problem : `apps/api/src/${problem}`);
  }
  // The module edges found, each with the files that make it: what to lift into workflows/.
  const edges = new Map();
  for (const problem of problems) {
    const found = problem.match(/^modules\/(\S+?):\d+: module (\S+) imports module (\S+) /);
    if (!found) continue;
    const edge = `${found[2]} → ${found[3]}`;
    edges.set(edge, [...new Set([...(edges.get(edge) ?? []), found[1]])]);
  }
  if (edges.size > 0) {
    console.error(`\nModule-to-module imports (${edges.size} edges):`);
    for (const [edge, paths] of [...edges].sort(([a], [b]) => a.localeCompare(b))) {
      console.error(`  ${edge.padEnd(28)} ${paths.join(', ')}`);
    }
  }
  if (problems.length > 0) {
    console.error(
      `\n${problems.length} boundary problem(s): see ARCHITECTURE.md, docs/decisions/020-modules-own-their-tables.md and docs/decisions/048-layers-and-leaf-modules.md`,
    );
    process.exit(1);
  }
}
