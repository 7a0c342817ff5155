/**
 * Links from a report to perfgate's own documentation. A comment is read on a pull request of another repository,
 * where a relative README anchor resolves to nothing: links go to the docs on perfgate's repository.
 */

/** The README on perfgate's default branch. */
export const README_URL = 'https://github.com/perfgate/perfgate/blob/main/README.md';

/** The README's section on what to do when a change of the threshold's size cannot be seen (pairs, confirm, reps). */
export const SEE_SMALLER_CHANGES_URL = `${README_URL}#when-a-change-cannot-be-seen`;
