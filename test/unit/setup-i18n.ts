/** Every component test mounts with the app's vue-i18n instance (components call useI18n), in English. */
import { config } from '@vue/test-utils';
import { i18n, setLocale } from '../../renderer/i18n';

setLocale('en');
config.global.plugins = [...(config.global.plugins ?? []), i18n];
