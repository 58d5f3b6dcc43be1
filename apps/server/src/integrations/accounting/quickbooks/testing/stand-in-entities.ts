import type { Books, Entity } from './stand-in-company.ts';
import { fault, objectNotFound } from './stand-in-http.ts';

// Customers and items at the stand-in, with QuickBooks' rules for them: a DisplayName unique among
// customers, an item Name unique among items (no colons), an IncomeAccountRef to an income account
// on what is sold, and a SalesTaxCodeRef to a tax code sales can take.

const stamp = () => ({ CreateTime: new Date().toISOString(), LastUpdatedTime: new Date().toISOString() });

export const duplicateName = (name: string, id: string) =>
  fault(
    '6240',
    'Duplicate Name Exists Error',
    `The name supplied already exists. : Another customer, vendor or employee is already using this name. Please use a different name. Id=${id}`,
  );

const required = (field: string) =>
  fault(
    '2020',
    'Required param missing, need to supply the required value for the API',
    `Required parameter ${field} is missing in the request`,
    { element: field },
  );

/** The ref's value when it names an entity of `kind` that exists and is active, else QuickBooks' 610. */
export function refOf(
  books: Books,
  kind: 'Account' | 'TaxCode' | 'Customer' | 'Item',
  ref: unknown,
  field: string,
): Entity {
  const value = (ref as { value?: unknown } | undefined)?.value;
  if (typeof value !== 'string' || !value) throw required(field);
  const found = books[kind].get(value);
  if (!found || found.Active === false) throw objectNotFound(kind, value);
  return found;
}

export function createCustomer(books: Books, body: Record<string, unknown>): Entity {
  const name = typeof body.DisplayName === 'string' ? body.DisplayName.trim() : '';
  if (!name) throw required('DisplayName');
  const clash = [...books.Customer.values()].find(
    (customer) => String(customer.DisplayName).toLowerCase() === name.toLowerCase(),
  );
  if (clash) throw duplicateName(name, clash.Id);
  const id = books.nextId();
  const customer: Entity = {
    ...body,
    Id: id,
    SyncToken: '0',
    DisplayName: name,
    FullyQualifiedName: name,
    Active: true,
    Balance: 0,
    CurrencyRef: { value: 'AUD', name: 'Australian Dollar' },
    domain: 'QBO',
    MetaData: stamp(),
  };
  books.Customer.set(id, customer);
  return customer;
}

export function createItem(books: Books, body: Record<string, unknown>): Entity {
  const name = typeof body.Name === 'string' ? body.Name.trim() : '';
  if (!name) throw required('Name');
  if (/[:\t\n]/.test(name))
    throw fault(
      '2050',
      'String length is either shorter or longer than supported by specification',
      'Name cannot contain a colon (:), tab or new line',
      { element: 'Name' },
    );
  const clash = [...books.Item.values()].find(
    (item) => String(item.Name).toLowerCase() === name.toLowerCase(),
  );
  if (clash) throw duplicateName(name, clash.Id);
  const type = body.Type ?? 'NonInventory';
  if (type !== 'Service' && type !== 'NonInventory')
    throw fault('2170', 'Invalid Enumeration', `Invalid Enumeration : ${String(type)}`, { element: 'Type' });
  const income = refOf(books, 'Account', body.IncomeAccountRef, 'IncomeAccountRef');
  if (!String(income.AccountType).includes('Income')) {
    throw fault(
      '6000',
      'A business validation error has occurred while processing your request',
      'Business Validation Error: Choose an income account for IncomeAccountRef.',
      { element: 'IncomeAccountRef' },
    );
  }
  if (body.SalesTaxCodeRef !== undefined) refOf(books, 'TaxCode', body.SalesTaxCodeRef, 'SalesTaxCodeRef');
  const id = books.nextId();
  const item: Entity = {
    ...body,
    Id: id,
    SyncToken: '0',
    Name: name,
    FullyQualifiedName: name,
    Type: type,
    Active: true,
    IncomeAccountRef: { value: income.Id, name: income.Name },
    domain: 'QBO',
    MetaData: stamp(),
  };
  books.Item.set(id, item);
  return item;
}
