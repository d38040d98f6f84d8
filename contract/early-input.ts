/**
 * A page the server drew shows its buttons and fields before its script has taken it over, and on a slow phone
 * that lasts seconds. Without help a press there does nothing (the button has no handler yet, and a submit
 * button would send its form natively to the wrong place), and text typed there stays on screen while the
 * script's state says the field is empty (and a section opened says it is closed).
 *
 * This script runs first on such a page (the server inlines it, and allows it by hash in its content security
 * policy). Until the SPA takes what it held (`src/app/early-input.ts`), it holds presses on the page's controls
 * and fields (a press on a date field is what opens its calendar; the browser focused the field as the pointer
 * went down, so holding the press keeps the focus and the caret), and notes which fields were typed in (with what
 * they last held: taking a page over sets a select back to the option the script renders) and which sections
 * (`<details>`) were opened or closed; the SPA then replays them once its handlers are attached. Links and the
 * browser's own disclosure work without a script, so they are left alone.
 */
export const EARLY_INPUT_GLOBAL = '__restayEarlyInput';

export const EARLY_INPUT_SCRIPT = `(function () {
  var pressed = [], edited = [], values = [], toggled = [];
  function inPage(target) {
    return target instanceof Element && target.closest('#root') ? target : null;
  }
  function hold(event) {
    var target = inPage(event.target);
    var control = target && target.closest('button, label, input');
    if (!control) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (pressed.indexOf(control) < 0) pressed.push(control);
  }
  function noteIn(list) {
    return function (event) {
      var target = inPage(event.target);
      if (target && list.indexOf(target) < 0) list.push(target);
    };
  }
  function noteEdited(event) {
    var target = inPage(event.target);
    if (!target) return;
    var at = edited.indexOf(target);
    if (at < 0) at = edited.push(target) - 1;
    values[at] = target.value;
  }
  var noteToggled = noteIn(toggled);
  addEventListener('click', hold, true);
  addEventListener('input', noteEdited, true);
  addEventListener('toggle', noteToggled, true);
  window.${EARLY_INPUT_GLOBAL} = {
    take: function () {
      removeEventListener('click', hold, true);
      removeEventListener('input', noteEdited, true);
      removeEventListener('toggle', noteToggled, true);
      return { pressed: pressed, edited: edited, values: values, toggled: toggled };
    }
  };
})();`;
