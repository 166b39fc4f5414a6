import { createApp } from '../lib/app';

createApp();
