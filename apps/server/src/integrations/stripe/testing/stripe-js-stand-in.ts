// The Stripe.js stand-in, served by the Stripe stand-in at `/v3/` (where the server's
// `stripe_js_url` points when STRIPE_API_BASE is set), so browser journeys never reach the network.
// It implements the part of Stripe.js the pay dialogs use, with the same names and answers:
//
//   const stripe = Stripe(publishableKey, { stripeAccount });
//   const elements = stripe.elements({ mode: 'payment', amount, currency: 'aud', paymentMethodCreation: 'manual' });
//   const element = elements.create('payment'); element.mount('#card'); element.on('change', (e) => e.complete);
//   const { error } = await elements.submit();
//   const { confirmationToken, error } = await stripe.createConfirmationToken({ elements });
//   const { paymentIntent, error } = await stripe.handleNextAction({ clientSecret });
//
// The payment element is a plain form (labelled "Card number", "Expiration date", "Security code")
// instead of Stripe's iframe, and 3-D Secure is a dialog with "Complete authentication" and
// "Fail authentication" buttons, as Stripe's test authentication page offers.

export const STRIPE_JS_STAND_IN = String.raw`(function () {
  'use strict';
  var script = document.currentScript;
  var origin = new URL(script && script.src ? script.src : window.location.href).origin;

  function request(method, path, key, account, data) {
    var headers = { authorization: 'Bearer ' + key };
    if (account) headers['stripe-account'] = account;
    var init = { method: method, headers: headers };
    if (data) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      init.body = new URLSearchParams(data).toString();
    }
    return fetch(origin + path, init).then(function (response) {
      return response.json().then(function (body) { return { ok: response.ok, body: body }; });
    });
  }

  function field(container, label, name, options) {
    var wrapper = document.createElement('label');
    wrapper.style.display = 'block';
    wrapper.style.marginBottom = '0.5rem';
    wrapper.appendChild(document.createTextNode(label));
    var input = document.createElement('input');
    input.name = name;
    input.autocomplete = options.autocomplete;
    input.inputMode = 'numeric';
    input.placeholder = options.placeholder;
    input.style.display = 'block';
    input.style.width = '100%';
    wrapper.appendChild(input);
    container.appendChild(wrapper);
    return input;
  }

  function readCard(element) {
    if (!element || !element.inputs) return { error: 'Enter your card details.' };
    var number = element.inputs.number.value.replace(/\s+/g, '');
    var expiry = element.inputs.expiry.value.replace(/\s+/g, '');
    var cvc = element.inputs.cvc.value.trim();
    var match = /^(\d{1,2})\/(\d{2}|\d{4})$/.exec(expiry);
    if (!/^\d{12,19}$/.test(number)) return { error: 'Your card number is incomplete.' };
    if (!match) return { error: 'Your card’s expiration date is incomplete.' };
    if (!/^\d{3,4}$/.test(cvc)) return { error: 'Your card’s security code is incomplete.' };
    var year = match[2].length === 2 ? '20' + match[2] : match[2];
    return { number: number, expMonth: String(Number(match[1])), expYear: year, cvc: cvc };
  }

  function createPaymentElement() {
    var handlers = {};
    var element = {
      inputs: null,
      container: null,
      mount: function (target) {
        var host = typeof target === 'string' ? document.querySelector(target) : target;
        if (!host) throw new Error('Stripe stand-in: nothing to mount the payment element on');
        var container = document.createElement('div');
        container.setAttribute('data-stripe-stand-in', 'payment-element');
        element.inputs = {
          number: field(container, 'Card number', 'cardnumber', { autocomplete: 'cc-number', placeholder: '1234 1234 1234 1234' }),
          expiry: field(container, 'Expiration date', 'exp-date', { autocomplete: 'cc-exp', placeholder: 'MM / YY' }),
          cvc: field(container, 'Security code', 'cvc', { autocomplete: 'cc-csc', placeholder: 'CVC' }),
        };
        var message = document.createElement('p');
        message.setAttribute('role', 'alert');
        container.appendChild(message);
        element.message = message;
        Object.keys(element.inputs).forEach(function (name) {
          element.inputs[name].addEventListener('input', function () {
            var card = readCard(element);
            emit('change', { elementType: 'payment', complete: !card.error, empty: false, value: { type: 'card' } });
          });
        });
        host.appendChild(container);
        element.container = container;
        setTimeout(function () { emit('ready', { elementType: 'payment' }); }, 0);
      },
      on: function (event, handler) { (handlers[event] = handlers[event] || []).push(handler); return element; },
      off: function (event, handler) { handlers[event] = (handlers[event] || []).filter(function (h) { return h !== handler; }); return element; },
      focus: function () { if (element.inputs) element.inputs.number.focus(); },
      update: function () {},
      unmount: function () { if (element.container) element.container.remove(); element.container = null; },
      destroy: function () { element.unmount(); element.inputs = null; },
    };
    function emit(event, payload) { (handlers[event] || []).forEach(function (handler) { handler(payload); }); }
    return element;
  }

  function authenticationDialog(piId) {
    return new Promise(function (resolve) {
      var dialog = document.createElement('div');
      dialog.setAttribute('role', 'dialog');
      dialog.setAttribute('aria-modal', 'true');
      dialog.setAttribute('aria-labelledby', 'stripe-stand-in-3ds-title');
      dialog.style.cssText = 'position:fixed;inset:20% 25%;background:#fff;color:#1a1a1a;border:1px solid #555;padding:1.5rem;z-index:2147483647';
      var title = document.createElement('h2');
      title.id = 'stripe-stand-in-3ds-title';
      title.textContent = '3D Secure authentication (stand-in)';
      var text = document.createElement('p');
      text.textContent = 'Your bank asks you to confirm the payment ' + piId + '.';
      dialog.appendChild(title);
      dialog.appendChild(text);
      [['complete', 'Complete authentication'], ['fail', 'Fail authentication']].forEach(function (choice) {
        var button = document.createElement('button');
        button.type = 'button';
        button.textContent = choice[1];
        button.style.marginRight = '0.5rem';
        button.addEventListener('click', function () { dialog.remove(); resolve(choice[0]); });
        dialog.appendChild(button);
      });
      document.body.appendChild(dialog);
    });
  }

  window.Stripe = function (publishableKey, options) {
    var account = options && options.stripeAccount;
    return {
      elements: function (elementsOptions) {
        var created = {};
        return {
          options: elementsOptions || {},
          create: function (type) {
            if (type !== 'payment' && type !== 'card') throw new Error('Stripe stand-in: only the payment element');
            created.payment = createPaymentElement();
            return created.payment;
          },
          getElement: function (type) { return created[type === 'card' ? 'payment' : type] || null; },
          update: function (next) { Object.assign(this.options, next); },
          submit: function () {
            var card = readCard(created.payment);
            if (created.payment && created.payment.message) created.payment.message.textContent = card.error || '';
            return Promise.resolve(card.error ? { error: { type: 'validation_error', message: card.error } } : {});
          },
          _card: function () { return readCard(created.payment); },
        };
      },
      createConfirmationToken: function (input) {
        var card = input.elements._card();
        if (card.error) return Promise.resolve({ error: { type: 'validation_error', message: card.error } });
        var data = { 'card[number]': card.number, 'card[exp_month]': card.expMonth, 'card[exp_year]': card.expYear, 'card[cvc]': card.cvc };
        var name = input.params && input.params.payment_method_data && input.params.payment_method_data.billing_details && input.params.payment_method_data.billing_details.name;
        if (name) data['billing_details[name]'] = name;
        return request('POST', '/v1/confirmation_tokens', publishableKey, account, data).then(function (answer) {
          return answer.ok ? { confirmationToken: answer.body } : { error: answer.body.error };
        });
      },
      handleNextAction: function (input) {
        var piId = String(input.clientSecret).split('_secret_')[0];
        return authenticationDialog(piId).then(function (result) {
          return request('POST', '/_stand_in/payment_intents/' + piId + '/authenticate', publishableKey, account, {
            client_secret: input.clientSecret,
            result: result,
          });
        }).then(function (answer) {
          if (!answer.ok) return { error: answer.body.error };
          var intent = answer.body;
          return intent.status === 'requires_payment_method' ? { error: intent.last_payment_error, paymentIntent: intent } : { paymentIntent: intent };
        });
      },
      retrievePaymentIntent: function (clientSecret) {
        var piId = String(clientSecret).split('_secret_')[0];
        var path = '/v1/payment_intents/' + piId + '?client_secret=' + encodeURIComponent(clientSecret);
        return request('GET', path, publishableKey, account).then(function (answer) {
          return answer.ok ? { paymentIntent: answer.body } : { error: answer.body.error };
        });
      },
    };
  };
})();
`;
