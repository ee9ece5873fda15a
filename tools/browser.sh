#!/bin/sh
# The web seat's browser tests drive Debian's Chromium through Playwright (Playwright's own
# browser download does not work on these machines): install it when it is missing. Without
# it the browser tests are skipped, and fail under CI (CI set).
command -v chromium >/dev/null 2>&1 && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
elif command -v sudo >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1; then
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
else
    echo "tools/browser.sh: install Chromium as 'chromium' on the PATH to run the web seat's browser tests" >&2
fi
exit 0
