/** Entry point: pick the shell's API, then mount the app with its stores and router. */
import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { pickApi } from './api/pick';
import { setApi } from './api/current';
import { createAppRouter } from './router';
import './styles/base.css';

setApi(pickApi());
createApp(App).use(createPinia()).use(createAppRouter()).mount('#app');
