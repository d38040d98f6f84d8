/**
 * A page the server drew shows its buttons and fields before its script has taken it over, and on a slow phone
 * that lasts seconds. Without help a press there does nothing (the button has no handler yet, and a submit
 * button would send its form natively to the wrong place), and text typed there stays on screen while the
 * script's state says the field is empty.
 *
 * This script runs first on such a page (the server inlines it, and allows it by hash in its content security
 * policy). Until the SPA takes what it held (`src/app/early-input.ts`), it holds presses on the page's controls
 * and notes which fields were typed in; the SPA then replays both once its handlers are attached. Links are
 * left alone: they work without a script.
 */
export const EARLY_INPUT_GLOBAL = '__restayEarlyInput';

export const EARLY_INPUT_SCRIPT = `(function () {
  var pressed = [], edited = [];
  function inPage(target) {
    return target instanceof Element && target.closest('#root') ? target : null;
  }
  function hold(event) {
    var target = inPage(event.target);
    var control = target && target.closest('button, label, input[type=checkbox], input[type=radio]');
    if (!control) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (pressed.indexOf(control) < 0) pressed.push(control);
  }
  function note(event) {
    var field = inPage(event.target);
    if (field && edited.indexOf(field) < 0) edited.push(field);
  }
  addEventListener('click', hold, true);
  addEventListener('input', note, true);
  window.${EARLY_INPUT_GLOBAL} = {
    take: function () {
      removeEventListener('click', hold, true);
      removeEventListener('input', note, true);
      return { pressed: pressed, edited: edited };
    }
  };
})();`;
