import type { components } from '../../api/schema.gen.ts';

export type AdminLicence = components['schemas']['AdminLicense'];
export type LatestThemeVersion = components['schemas']['LatestThemeVersion'];

/** What an admin may do from the Licences screen, each with a reason (docs/product.md#back-office-screens). */
export type AdminLicenceActionKind = 'create' | 'suspend' | 'reinstate' | 'transfer' | 'delete';

/** The dialog's fields, exactly as typed (trimmed only in the payload). */
export interface AdminLicenceActionForm {
  reason: string;
  /** Transfer: the new shop; create: the licence's shop. */
  shop_domain: string;
  /** Create only. */
  custom_domain: string;
  /** Create only: the customer who gets the licence. */
  customer_id: string;
}

export type AdminLicenceField = keyof AdminLicenceActionForm;

/** One page of the search. */
export interface AdminLicencePage {
  licences: AdminLicence[];
  total: number;
  page: number;
  perPage: number;
  latestVersion: LatestThemeVersion | null;
}

/** What the dialog sends: the licence acted on and the version the admin read (create: none). */
export interface AdminLicenceAction {
  kind: AdminLicenceActionKind;
  licence: AdminLicence | null;
  values: AdminLicenceActionForm;
}

/** The server's answer to an action: its French message and the licence after it (delete: null). */
export interface AdminLicenceActionResult {
  message: string;
  licence: AdminLicence | null;
}

export interface AdminLicencesContext {
  /** The search box as typed. */
  query: string;
  /** The search the list shows (sent once valid). */
  searched: string;
  searchError: string | null;
  page: number;
  list: AdminLicencePage | null;
  listError: string | null;
  /** The licence looked up, as last read. */
  selected: AdminLicence | null;
  selectedId: string | null;
  detailError: string | null;
  action: AdminLicenceActionKind | null;
  form: AdminLicenceActionForm;
  fieldErrors: Partial<Record<AdminLicenceField, string>>;
  /** The dialog's refusal (a 409: another admin acted first), in French. */
  actionError: string | null;
}

export type AdminLicencesEvent =
  | { type: 'search.change'; value: string }
  | { type: 'search.submit' }
  | { type: 'page.go'; page: number }
  | { type: 'list.reload' }
  | { type: 'licence.open'; id: string }
  | { type: 'licence.reload' }
  | { type: 'licence.close' }
  | { type: 'action.start'; kind: AdminLicenceActionKind }
  | { type: 'action.change'; field: AdminLicenceField; value: string }
  | { type: 'action.submit' }
  | { type: 'action.cancel' };
