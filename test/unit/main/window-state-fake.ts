/** A stand-in for electron-window-state (the real one requires electron). */
import { vi } from 'vitest';

export const manage = vi.fn();
export default vi.fn(() => ({ x: 10, y: 20, width: 1280, height: 800, manage }));
