// Entry of the main window (index.html).
import { mount } from 'svelte';
import App from './App.svelte';
import Unconnected from './components/Unconnected.svelte';
import { resolveApi } from './api/folio-api.ts';
import './styles/app.css';

const target = document.getElementById('app')!;
const api = resolveApi();
if (api) mount(App, { target, props: { api } });
else mount(Unconnected, { target });
