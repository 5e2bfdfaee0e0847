/**
 * Compile-time flags of vue-i18n's bundler build, for every Vite build that includes it (the renderer and the HTML
 * report's script): the composition API only, no global <i18n-t> components, no devtools; messages are compiled at
 * run time to an AST (never `new Function`, so the strict CSP holds).
 */
export const VUE_I18N_FLAGS = {
  __VUE_I18N_FULL_INSTALL__: 'false',
  __VUE_I18N_LEGACY_API__: 'false',
  __INTLIFY_PROD_DEVTOOLS__: 'false',
  __INTLIFY_DROP_MESSAGE_COMPILER__: 'false',
};
