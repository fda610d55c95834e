// Entry of the quick-search window (quick.html).
import { mount } from 'svelte';
import QuickApp from './QuickApp.svelte';
import Unconnected from './components/Unconnected.svelte';
import { resolveApi } from './api/folio-api.ts';
import './styles/app.css';

const target = document.getElementById('app')!;
const api = resolveApi();
if (api) mount(QuickApp, { target, props: { api } });
else mount(Unconnected, { target });
