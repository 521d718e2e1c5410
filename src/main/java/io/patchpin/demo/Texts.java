package io.patchpin.demo;

/** File contents of the example workspace, shaped after TheRock's. */
final class Texts {
    private Texts() {}

    static final String PRE_HOOK =
            """
            # Options for building amd-llvm.
            set(LLVM_ENABLE_PROJECTS "clang;lld" CACHE STRING "")
            set(LLVM_TARGETS_TO_BUILD "AMDGPU;X86" CACHE STRING "")
            set(LLVM_ENABLE_RUNTIMES "compiler-rt;libunwind" CACHE STRING "")
            list(APPEND LLVM_EXTRA_TARGETS AMDGPU_ARCH)
            """;

    static final String ML_LIBS =
            """
            # Machine learning libraries.
            set(CK_TARGETS gfx908 gfx90a gfx942 gfx950)
            therock_cmake_subproject_declare(composable_kernel
              CMAKE_ARGS
                -DGPU_TARGETS=${CK_TARGETS}
            )
            """;

    static final String LLVM_OPTIONS =
            """
            # HandleLLVMOptions.cmake (excerpt)
            set(LLVM_PARALLEL_COMPILE_JOBS "" CACHE STRING "Define the maximum number of concurrent compilation jobs.")
            set(LLVM_PARALLEL_LINK_JOBS "" CACHE STRING "Define the maximum number of concurrent link jobs.")
            if(LLVM_PARALLEL_COMPILE_JOBS)
              set_property(GLOBAL APPEND PROPERTY JOB_POOLS compile_job_pool=${LLVM_PARALLEL_COMPILE_JOBS})
            endif()
            """;

    static final String ROCPROFILER =
            """
            project(rocprofiler-sdk LANGUAGES C CXX)
            set(CMAKE_CXX_STANDARD 17)
            target_compile_features(rocprofiler-sdk PUBLIC cxx_std_20)
            add_subdirectory(external)
            add_subdirectory(source)
            """;
}
