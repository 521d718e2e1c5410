package io.patchpin.testkit;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.TheRockFixture.COMPILER_CMAKE;
import static io.patchpin.testkit.TheRockFixture.PRE_HOOK;
import static io.patchpin.testkit.TheRockFixture.ROCPROFILER_CMAKE;
import static io.patchpin.testkit.TheRockFixture.SYSTEMS;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Layered patchsets on a {@link TheRockFixture} work tree, through the CLI, and what verify says of them. */
public final class LayeredSets {
    /** A patch of rocprofiler-sdk's CMakeLists.txt, as TheRock's {@code patches/<tag>/rocm-systems/} holds one. */
    public static final String LANG_PATCH = "--- a/" + ROCPROFILER_CMAKE + "\n+++ b/" + ROCPROFILER_CMAKE + "\n"
            + "@@ -1,2 +1,2 @@\n-project(rocprofiler-sdk)\n+project(rocprofiler-sdk LANGUAGES CXX)\n add_subdirectory(external)\n";

    private LayeredSets() {}

    /**
     * {@code shared} with the rewrite {@code nvptx} ("AMDGPU;X86" to "AMDGPU;X86;NVPTX" in the LLVM hook), and
     * {@code mine} on the layer {@code ../shared} with {@code spirv} on top of it ("X86;NVPTX" to "X86;NVPTX;SPIRV");
     * {@code sharedLayers} (e.g. {@code therock:amd-mainline}) go below {@code shared}.
     */
    public static void sharedAndMine(String shared, String mine, String repo, String... sharedLayers) {
        List<String> create = new ArrayList<>(List.of("new", shared, "--repo", repo));
        for (String layer : sharedLayers) {
            create.add("--layer");
            create.add(layer);
        }
        Cli.ok(create.toArray(String[]::new));
        addNvptx(shared, repo);
        Cli.ok("new", mine, "--repo", repo, "--layer", "../shared");
        addSpirv(mine, repo);
    }

    /** The rewrite {@code nvptx} in {@code set}: "AMDGPU;X86" to "AMDGPU;X86;NVPTX" in the LLVM hook. */
    public static void addNvptx(String set, String repo) {
        Entries.nvptx(set, repo);
    }

    /** The rewrite {@code llvm21} in {@code set}: "LLVM_VERSION 20" to 21 in the compiler's CMake file; then {@code more} options. */
    public static void addLlvm21(String set, String repo, String... more) {
        List<String> args = new ArrayList<>(List.of(
                "add",
                "rewrite",
                set,
                "--repo",
                repo,
                "--file",
                COMPILER_CMAKE,
                "--find",
                "LLVM_VERSION 20",
                "--replace",
                "LLVM_VERSION 21",
                "--id",
                "llvm21"));
        args.addAll(List.of(more));
        Cli.ok(args.toArray(String[]::new));
    }

    /** The rewrite {@code spirv} in {@code set}, on top of nvptx: "X86;NVPTX" to "X86;NVPTX;SPIRV". */
    public static void addSpirv(String set, String repo) {
        Entries.rewrite(set, repo, PRE_HOOK, "X86;NVPTX", "X86;NVPTX;SPIRV", "--id", "spirv");
    }

    /**
     * The rewrite {@code hip} in {@code set}, on rocprofiler-sdk's CMakeLists.txt as {@link #LANG_PATCH} leaves it:
     * "LANGUAGES CXX" to "LANGUAGES CXX HIP".
     */
    public static Cli.Run addHip(String set, String repo) {
        return Entries.rewrite(
                set,
                repo,
                ROCPROFILER_CMAKE,
                "LANGUAGES CXX",
                "LANGUAGES CXX HIP",
                "--id",
                "hip",
                "--component",
                SYSTEMS);
    }

    /** {@code verify --rev REV --format json}: "set/id" to verdict, in report order. */
    public static Map<String, String> verdicts(String set, String repo, String rev) {
        Map<String, String> out = new LinkedHashMap<>();
        verify(set, repo, rev).forEach((k, v) -> out.put(k, v.get("verdict").asText()));
        return out;
    }

    /** {@code verify --rev REV --format json}: "set/id" to the entry's JSON, in report order. */
    public static Map<String, JsonNode> verify(String set, String repo, String rev) {
        Cli.Run r = Cli.run("verify", set, "--repo", repo, "--rev", rev, "--format", "json");
        assertThat(r.err()).isEmpty();
        Map<String, JsonNode> out = new LinkedHashMap<>();
        try {
            for (JsonNode s : new ObjectMapper().readTree(r.out()).get("patchsets")) {
                for (JsonNode e : s.get("entries")) {
                    out.put(s.get("name").asText() + "/" + e.get("id").asText(), e);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
