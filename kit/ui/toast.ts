import type { ShellBus } from '../../core/plugin-api';

/** Toast helpers (spec 001 §8): the host renders what they emit. */
export const toast = {
  success: (bus: ShellBus, message: string) => bus.emit('toast', { kind: 'success', message }),
  error: (bus: ShellBus, message: string) => bus.emit('toast', { kind: 'error', message }),
  warning: (bus: ShellBus, message: string) => bus.emit('toast', { kind: 'warning', message }),
};
