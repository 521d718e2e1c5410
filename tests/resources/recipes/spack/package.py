# Written for patchpin's tests: the form of Spack's rocblas package.
from spack.package import *


class Rocblas(CMakePackage):
    """BLAS on ROCm."""

    homepage = "https://github.com/ROCm/rocBLAS"
    url = "https://github.com/ROCm/rocBLAS/archive/rocm-6.4.0.tar.gz"

    version("6.4.0", sha256="0" * 64)

    patch(
        "0001-gfx1103.patch",
        sha256="1" * 64,
        when="@6.3:6.4",
    )
    patch(
        "https://github.com/ROCm/rocBLAS/commit/0123456789abcdef0123456789abcdef01234567.patch?full_index=1",
        sha256="2" * 64,
        when="@6.4",
    )
