// The pins worker: exposes the PinsWorkerApi (api.ts) over Comlink.
import * as Comlink from 'comlink';
import { createPinsService } from './pins-service';

Comlink.expose(createPinsService());
