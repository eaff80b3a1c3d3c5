import type { BehaviorSubject } from 'rxjs';
import type { ServiceRef } from '../plugin/refs';
import type { SlotEntryDef, SlotItemProps } from '../plugin/types';
import { useObservable, useService } from './context';
import { bindView, type LazyView } from './lazy-page';
import { derived } from '../state/derived';

/** What a view's props are made from: the subject's value, the item's own props and the subject (to close it). */
type PropsOf<T, P> = (value: T, own: SlotItemProps & { subject: BehaviorSubject<T | null> }) => (P & { key?: string }) | null;

/**
 * A slot entry up while a page's subject holds a value: a service its plugin provides in `setup` (a dialog's open
 * request, an offer the back end made), null while there is nothing to show. Its view gets props made from the value.
 */
export function entryWhileSet<T, P extends object>(
  ref: ServiceRef<BehaviorSubject<T | null>>,
  entry: Omit<SlotEntryDef, 'active' | 'render'>,
  view: LazyView<P>,
  props: PropsOf<T, P>,
): SlotEntryDef {
  return {
    ...entry,
    active: (_env, services) => derived([services.get(ref)], (value) => value !== null),
    render: bindView(view, function useSubjectProps(own: SlotItemProps) {
      const subject = useService(ref);
      const value = useObservable(subject, subject.value);
      return value === null ? null : props(value, { ...own, subject });
    }),
  };
}
