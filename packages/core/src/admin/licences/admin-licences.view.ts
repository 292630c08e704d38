import type { SnapshotFrom } from 'xstate';
import { formatDate } from '../../domain/formatting.ts';
import { messages } from '../../domain/messages.ts';
import { actionButton, type ActionButton } from '../../view-kit.ts';
import type { adminLicencesMachine } from './admin-licences.machine.ts';
import { actionFields } from './admin-licences.rules.ts';
import type {
  AdminLicence,
  AdminLicenceActionForm,
  AdminLicenceActionKind,
  AdminLicenceField,
  AdminLicencesEvent,
} from './admin-licences.types.ts';

export type AdminLicencesSnapshot = SnapshotFrom<typeof adminLicencesMachine>;

/** A licence as a row and as the detail show it. */
export interface AdminLicenceSummary {
  licence: AdminLicence;
  /** 'Suspendue', 'Active' or 'Inactive' (a suspension wins: the verification answers inactive). */
  status: string;
  tone: 'success' | 'accent' | 'primary';
  /** 'Suspendue depuis le …', with the reason beside it; null when not suspended. */
  suspension: { since: string; reason: string } | null;
  /** What the theme last reported from the shop. */
  seen: string;
  created: string;
}

/** The Licences screen (docs/product.md#back-office-screens). */
export interface AdminLicencesView {
  search: { value: string; error: string | null };
  list: {
    loading: boolean;
    error: string | null;
    rows: AdminLicenceSummary[];
    /** '12 licences', then the page and its neighbours. */
    total: number;
    page: number;
    pages: number;
    latestVersion: string | null;
    empty: string | null;
  };
  detail: {
    loading: boolean;
    error: string | null;
    licence: AdminLicenceSummary | null;
    /** The actions the licence allows now (suspend or reinstate, transfer, delete). */
    actions: AdminLicenceActionKind[];
  } | null;
  dialog: {
    kind: AdminLicenceActionKind;
    title: string;
    /** The licence acted on (null for create). */
    licence: AdminLicenceSummary | null;
    fields: readonly AdminLicenceField[];
    values: AdminLicenceActionForm;
    errors: Partial<Record<AdminLicenceField, string>>;
    error: string | null;
    /** The fields are read-only while the action is sent. */
    readOnly: boolean;
    confirm: ActionButton;
  } | null;
}

export function adminLicenceSummaryOf(licence: AdminLicence): AdminLicenceSummary {
  const text = messages.admin.licences;
  const suspended = licence.suspended_at != null;
  const active = licence.status === 'active';
  return {
    licence,
    status: suspended
      ? text.statusSuspended
      : active
        ? messages.licences.statusActive
        : messages.licences.statusInactive,
    tone: suspended ? 'accent' : active ? 'success' : 'primary',
    suspension: suspended
      ? {
          since: text.suspendedSince(formatDate(licence.suspended_at)),
          reason: licence.suspension_reason ?? '',
        }
      : null,
    seen:
      licence.last_seen_at == null
        ? text.neverSeen
        : text.seen(
            formatDate(licence.last_seen_at),
            licence.last_seen_host ?? licence.shop_domain,
            licence.last_seen_version ?? text.unknownVersion,
          ),
    created: formatDate(licence.created_at),
  };
}

function detailActions(licence: AdminLicence): AdminLicenceActionKind[] {
  return [licence.suspended_at != null ? 'reinstate' : 'suspend', 'transfer', 'delete'];
}

export function adminLicencesView(snapshot: AdminLicencesSnapshot): AdminLicencesView {
  const { context } = snapshot;
  const list = context.list;
  const sending = snapshot.matches({ dialog: { open: 'sending' } });
  const detailShown = !snapshot.matches({ detail: 'none' });
  const action = context.action;
  const text = action === null ? null : messages.admin.licences.actions[action];
  return {
    search: { value: context.query, error: context.searchError },
    list: {
      loading: snapshot.matches({ list: 'loading' }),
      error: context.listError,
      rows: (list?.licences ?? []).map(adminLicenceSummaryOf),
      total: list?.total ?? 0,
      page: list?.page ?? context.page,
      pages: list === null ? 1 : Math.max(1, Math.ceil(list.total / list.perPage)),
      latestVersion: list?.latestVersion ?? null,
      empty: list !== null && list.licences.length === 0 ? messages.admin.licences.noResult : null,
    },
    detail: detailShown
      ? {
          loading: snapshot.matches({ detail: 'loading' }),
          error: context.detailError,
          licence: context.selected === null ? null : adminLicenceSummaryOf(context.selected),
          actions: context.selected === null ? [] : detailActions(context.selected),
        }
      : null,
    dialog:
      action === null || text === null || !snapshot.matches({ dialog: 'open' })
        ? null
        : {
            kind: action,
            title: text.title,
            licence:
              action === 'create' || context.selected === null
                ? null
                : adminLicenceSummaryOf(context.selected),
            fields: actionFields[action],
            values: context.form,
            errors: context.fieldErrors,
            error: context.actionError,
            readOnly: sending,
            confirm: actionButton(text.confirm, text.pending, sending),
          },
  };
}

export function adminLicencesCommands(send: (event: AdminLicencesEvent) => void) {
  return {
    changeSearch: (value: string) => send({ type: 'search.change', value }),
    submitSearch: () => send({ type: 'search.submit' }),
    goToPage: (page: number) => send({ type: 'page.go', page }),
    reloadList: () => send({ type: 'list.reload' }),
    openLicence: (id: string) => send({ type: 'licence.open', id }),
    reloadLicence: () => send({ type: 'licence.reload' }),
    closeLicence: () => send({ type: 'licence.close' }),
    startAction: (kind: AdminLicenceActionKind) => send({ type: 'action.start', kind }),
    changeField: (field: AdminLicenceField, value: string) =>
      send({ type: 'action.change', field, value }),
    confirmAction: () => send({ type: 'action.submit' }),
    cancelAction: () => send({ type: 'action.cancel' }),
  };
}
