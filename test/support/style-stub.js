/** Stylesheets imported by components are not needed by component tests (jsdom). */
module.exports = {};
