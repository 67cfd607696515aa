document.documentElement.dataset.everything = 'ready';
