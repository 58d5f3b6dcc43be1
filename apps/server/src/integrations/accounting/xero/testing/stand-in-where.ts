import { badQuery } from './stand-in-http.ts';

// The Accounting API's `where` filter, the part of its C#-like syntax clients use:
//   Name=="Acme" AND ContactStatus=="ACTIVE"       EmailAddress.ToLower()=="a@b.example"
//   Contact.ContactID==Guid("…") && Status!="DELETED"   Name.Contains("Acme") || Name.StartsWith("A")
//   Date>=DateTime(2025, 05, 01)                     (Type=="ACCREC" OR Type=="ACCPAY")
// String equality is case-sensitive unless the query lowers both sides (ToLower()): a client that
// relies on Xero matching case-insensitively would pass here only if it says so.

type Token = { kind: 'string' | 'number' | 'name' | 'symbol'; text: string };
type Expression = (record: unknown) => unknown;

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  const pattern =
    /\s*(?:"((?:[^"\\]|\\.)*)"|(-?\d+(?:\.\d+)?)|([A-Za-z_][\w]*)|(==|!=|>=|<=|&&|\|\||[<>().,!]))/y;
  let at = 0;
  while (at < source.length) {
    if (/^\s*$/.test(source.slice(at))) break;
    pattern.lastIndex = at;
    const found = pattern.exec(source);
    if (!found) throw badQuery(`Could not parse the where clause near '${source.slice(at, at + 20)}'`);
    at = pattern.lastIndex;
    if (found[1] !== undefined) tokens.push({ kind: 'string', text: found[1].replace(/\\(.)/g, '$1') });
    else if (found[2] !== undefined) tokens.push({ kind: 'number', text: found[2] });
    else if (found[3] !== undefined) tokens.push({ kind: 'name', text: found[3] });
    else tokens.push({ kind: 'symbol', text: found[4]! });
  }
  return tokens;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Xero's JSON dates compare as instants; GUIDs compare without case, as Xero's ids do. */
function comparable(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const date = /^\/Date\((-?\d+)/.exec(value);
  if (date) return Number(date[1]);
  return GUID.test(value) ? value.toLowerCase() : value;
}

function compare(operator: string, left: unknown, right: unknown): boolean {
  const [a, b] = [comparable(left), comparable(right)];
  if (operator === '==') return a === b || (a == null && b == null);
  if (operator === '!=') return !(a === b || (a == null && b == null));
  if (typeof a !== typeof b || (typeof a !== 'number' && typeof a !== 'string')) return false;
  const [x, y] = [a as number | string, b as number | string];
  return operator === '>' ? x > y : operator === '<' ? x < y : operator === '>=' ? x >= y : x <= y;
}

const METHODS: Record<string, (target: unknown, argument: unknown) => unknown> = {
  ToLower: (target) => (typeof target === 'string' ? target.toLowerCase() : target),
  ToUpper: (target) => (typeof target === 'string' ? target.toUpperCase() : target),
  Contains: (target, argument) => typeof target === 'string' && target.includes(String(argument)),
  StartsWith: (target, argument) => typeof target === 'string' && target.startsWith(String(argument)),
  EndsWith: (target, argument) => typeof target === 'string' && target.endsWith(String(argument)),
};

/** The filter `where` describes, as a test of one record (Xero's document, in its casing). */
export function compileWhere(source: string): (record: unknown) => boolean {
  const tokens = tokenize(source);
  let position = 0;
  const peek = () => tokens[position];
  const isWord = (...words: string[]) => words.includes(peek()?.text.toUpperCase() ?? '');
  const expect = (text: string) => {
    if (peek()?.text !== text) throw badQuery(`Expected '${text}' in the where clause '${source}'`);
    position += 1;
  };

  function argumentsOf(): Expression[] {
    expect('(');
    const list: Expression[] = [];
    while (peek() && peek()!.text !== ')') {
      list.push(either());
      if (peek()?.text === ',') position += 1;
    }
    expect(')');
    return list;
  }

  function operand(): Expression {
    const token = tokens[position++];
    if (!token) throw badQuery(`The where clause '${source}' ends too soon`);
    if (token.kind === 'string') return () => token.text;
    if (token.kind === 'number') return () => Number(token.text);
    if (token.text === '(') {
      const inner = either();
      expect(')');
      return inner;
    }
    if (token.kind !== 'name') throw badQuery(`Unexpected '${token.text}' in the where clause '${source}'`);
    if (token.text === 'true' || token.text === 'false') return () => token.text === 'true';
    if (token.text === 'null') return () => null;
    if (token.text === 'Guid') {
      const [value] = argumentsOf();
      return (record) => String(value?.(record)).toLowerCase();
    }
    if (token.text === 'DateTime') {
      const parts = argumentsOf();
      return (record) => {
        const [y = 0, m = 1, d = 1] = parts.map((part) => Number(part(record)));
        return Date.UTC(y, m - 1, d);
      };
    }
    // A field path (Contact.ContactID), perhaps followed by methods (Name.ToLower()).
    let expression: Expression = (record) => (record as Record<string, unknown>)?.[token.text];
    while (peek()?.text === '.') {
      position += 1;
      const name = tokens[position++]?.text ?? '';
      const target = expression;
      if (peek()?.text === '(') {
        const method = METHODS[name];
        if (!method) throw badQuery(`The stand-in's where does not know the method ${name}()`);
        const [argument] = argumentsOf();
        expression = (record) => method(target(record), argument?.(record));
      } else {
        expression = (record) => (target(record) as Record<string, unknown> | undefined)?.[name];
      }
    }
    return expression;
  }

  function comparison(): Expression {
    if (peek()?.text === '!' || isWord('NOT')) {
      position += 1;
      const inner = comparison();
      return (record) => !inner(record);
    }
    const left = operand();
    const operator = peek()?.text ?? '';
    if (!['==', '!=', '>', '<', '>=', '<='].includes(operator)) return left;
    position += 1;
    const right = operand();
    return (record) => compare(operator, left(record), right(record));
  }

  function both(): Expression {
    let left = comparison();
    while (peek()?.text === '&&' || isWord('AND')) {
      position += 1;
      const [first, second] = [left, comparison()];
      left = (record) => Boolean(first(record)) && Boolean(second(record));
    }
    return left;
  }

  function either(): Expression {
    let left = both();
    while (peek()?.text === '||' || isWord('OR')) {
      position += 1;
      const [first, second] = [left, both()];
      left = (record) => Boolean(first(record)) || Boolean(second(record));
    }
    return left;
  }

  const filter = either();
  if (position < tokens.length) throw badQuery(`Unexpected '${tokens[position]!.text}' in the where clause`);
  return (record) => filter(record) === true;
}

/**
 * A GET of a collection with Xero's query parameters: `IDs` (and other comma lists such as
 * InvoiceNumbers, given as `lists`), `where`, `searchTerm` over `searchFields`, `order`
 * ("Name ASC"), and `page` (1-based, `pageSize` 100 by default). Without `page`, everything.
 */
export function listOf<T>(
  records: Iterable<T>,
  query: URLSearchParams,
  options: { lists?: Record<string, string>; searchFields?: string[] } = {},
): { list: T[]; pagination?: { page: number; pageSize: number; pageCount: number; itemCount: number } } {
  let list = [...records];
  const field = (record: T, name: string) => (record as Record<string, unknown>)[name];
  for (const [parameter, name] of Object.entries(options.lists ?? {})) {
    const wanted = query
      .get(parameter)
      ?.split(',')
      .map((value) => value.trim().toLowerCase());
    if (wanted) list = list.filter((record) => wanted.includes(String(field(record, name)).toLowerCase()));
  }
  const where = query.get('where');
  if (where) list = list.filter(compileWhere(where));
  const term = query.get('searchTerm')?.toLowerCase();
  if (term) {
    list = list.filter((record) =>
      (options.searchFields ?? []).some((name) =>
        String(field(record, name) ?? '')
          .toLowerCase()
          .includes(term),
      ),
    );
  }
  const order = /^\s*(\w+)(?:\s+(ASC|DESC))?\s*$/i.exec(query.get('order') ?? '');
  if (order) {
    const sign = order[2]?.toUpperCase() === 'DESC' ? -1 : 1;
    list.sort((a, b) => {
      const [x, y] = [comparable(field(a, order[1]!)), comparable(field(b, order[1]!))] as [never, never];
      return x < y ? -sign : x > y ? sign : 0;
    });
  }
  const page = Number(query.get('page'));
  if (!query.has('page') || !Number.isInteger(page) || page < 1) return { list };
  const pageSize = Math.min(1000, Math.max(1, Number(query.get('pageSize')) || 100));
  return {
    list: list.slice((page - 1) * pageSize, page * pageSize),
    pagination: { page, pageSize, pageCount: Math.ceil(list.length / pageSize), itemCount: list.length },
  };
}
