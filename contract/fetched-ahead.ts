/**
 * The `<template>` in which the server names the code a page runs only once a visitor reaches for it (the date
 * pickers), as `<link rel="prefetch">` tags. A template's links are inert: the browser fetches nothing for them
 * while the page loads, so its own code, stylesheet and pictures have the link to themselves. The page's script
 * puts them in the head once the page has loaded and the browser is idle.
 */
export const FETCHED_AHEAD_ELEMENT_ID = 'fetched-ahead';
