// Command sdkgen answers `pulumi package gen-sdk` for the CLI of the same version: it serves the
// language-runtime gRPC interface's GeneratePackage with the code generators of the CLI's own
// pkg/v3 module (docs/decisions/0025).
//
// Why it exists: in CLI v3.248 `pulumi package gen-sdk` asks the language host for
// GeneratePackage, and the only Node.js language host the Go module proxy serves here (sdk/v3
// v3.68.0) answers Unimplemented; the Python and Go hosts are nested modules the proxy does not
// serve at all. The generators themselves live in pkg/v3, which the CLI build already compiles.
//
// One binary serves every language it can generate; it is installed under the names the CLI
// looks for (`pulumi-language-nodejs`, `-python`, `-go`) and tells the language from the name it
// was started as. It is installed in a directory of its own that is put on PATH only for
// `gen-sdk`, so `pulumi up` keeps using the real Node.js language host.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/emptypb"
)

// version is stamped at build time (scripts/pulumi-cli.ts) with the CLI version whose pkg/v3
// generators this binary carries.
var version = "0.0.0-dev"

const namePrefix = "pulumi-language-"

// generators maps a language to its pkg/v3 generator; the tool name written into generated
// file headers is the name the CLI started us as, as the real hosts do.
var generators = map[string]func(tool string, pkg *schema.Package, req *pulumirpc.GeneratePackageRequest,
	loader schema.ReferenceLoader) (map[string][]byte, error){
	"nodejs": func(tool string, pkg *schema.Package, req *pulumirpc.GeneratePackageRequest,
		loader schema.ReferenceLoader,
	) (map[string][]byte, error) {
		return nodejs.GeneratePackage(tool, pkg, req.ExtraFiles, req.LocalDependencies, req.Local, loader)
	},
	"python": func(tool string, pkg *schema.Package, req *pulumirpc.GeneratePackageRequest,
		loader schema.ReferenceLoader,
	) (map[string][]byte, error) {
		return python.GeneratePackage(tool, pkg, req.ExtraFiles, loader)
	},
	"go": func(tool string, pkg *schema.Package, req *pulumirpc.GeneratePackageRequest,
		_ schema.ReferenceLoader,
	) (map[string][]byte, error) {
		// The Go generator takes no overlay files; refuse them rather than drop them.
		if len(req.ExtraFiles) > 0 {
			return nil, status.Error(codes.InvalidArgument, "extra files (--overlays) are not supported for go")
		}
		return gogen.GeneratePackage(tool, pkg, req.LocalDependencies)
	},
}

type host struct {
	pulumirpc.UnimplementedLanguageRuntimeServer
	language string
	tool     string
}

func (h *host) GetPluginInfo(context.Context, *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	return &pulumirpc.PluginInfo{Version: version}, nil
}

func (h *host) GeneratePackage(
	ctx context.Context, req *pulumirpc.GeneratePackageRequest,
) (*pulumirpc.GeneratePackageResponse, error) {
	if req.Directory == "" {
		return nil, status.Error(codes.InvalidArgument, "GeneratePackage needs a directory")
	}
	if req.LoaderTarget == "" {
		return nil, status.Error(codes.InvalidArgument, "GeneratePackage needs a loader target")
	}
	loader, err := schema.NewLoaderClient(req.LoaderTarget)
	if err != nil {
		return nil, err
	}
	defer loader.Close()

	var spec schema.PackageSpec
	if err := json.Unmarshal([]byte(req.Schema), &spec); err != nil {
		return nil, status.Errorf(codes.InvalidArgument, "the schema is not valid JSON: %v", err)
	}
	// Bind (not import): the schema is validated against the metaschema before generation, and
	// its problems go back to the CLI as diagnostics it prints.
	pkg, diags, err := schema.BindSpec(spec, loader, schema.ValidationOptions{})
	if err != nil {
		return nil, err
	}
	if diags.HasErrors() {
		return &pulumirpc.GeneratePackageResponse{Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(diags)}, nil
	}

	files, err := generators[h.language](h.tool, pkg, req, loader)
	if err != nil {
		return nil, err
	}
	if err := writeFiles(req.Directory, files); err != nil {
		return nil, err
	}
	return &pulumirpc.GeneratePackageResponse{Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(diags)}, nil
}

// writeFiles writes the generated files under dir, refusing any path that would leave it.
func writeFiles(dir string, files map[string][]byte) error {
	root, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	for name, data := range files {
		target := filepath.Join(root, filepath.FromSlash(name))
		if rel, err := filepath.Rel(root, target); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return fmt.Errorf("generated file %q is outside %s", name, root)
		}
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(target, data, 0o600); err != nil {
			return err
		}
	}
	return nil
}

func main() {
	tool := filepath.Base(os.Args[0])
	language := strings.TrimPrefix(tool, namePrefix)
	if _, ok := generators[language]; !ok || !strings.HasPrefix(tool, namePrefix) {
		known := make([]string, 0, len(generators))
		for l := range generators {
			known = append(known, namePrefix+l)
		}
		fmt.Fprintf(os.Stderr, "%s: start this program as one of %s\n", tool, strings.Join(known, ", "))
		os.Exit(2)
	}
	// The engine passes its address as the last argument; nothing here calls back into it.
	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Init: func(srv *grpc.Server) error {
			pulumirpc.RegisterLanguageRuntimeServer(srv, &host{language: language, tool: tool})
			return nil
		},
	})
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: could not serve: %v\n", tool, err)
		os.Exit(1)
	}
	// The CLI reads the port from the first line of stdout.
	fmt.Printf("%d\n", handle.Port)
	if err := <-handle.Done; err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", tool, err)
		os.Exit(1)
	}
}
