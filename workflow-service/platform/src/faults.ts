// The platform's faults door: what an unreachable database or a full file store looks like to the code above,
// and the words the doors answer them with. Safe in the browser.
export {
  RETRY_AFTER_SECONDS, STORAGE_FULL_DETAIL, STORAGE_FULL_MESSAGE, UNAVAILABLE_DETAIL, isStorageFault, isUnreachable,
} from './faults/infrastructure-faults.ts'
