/** Entry point: pick the shell's API, then mount the app with its stores, messages (vue-i18n) and router. */
import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { pickApi } from './api/pick';
import { setApi } from './api/current';
import { i18n } from './i18n';
import { createAppRouter } from './router';
import './styles/base.css';

setApi(pickApi());
createApp(App).use(createPinia()).use(i18n).use(createAppRouter()).mount('#app');
