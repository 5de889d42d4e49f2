// SPDX-License-Identifier: Apache-2.0
#include "operators/Operators.hpp"

namespace cvcudapy {

const py::module& module() {
    static const py::module m = [] {
        py::module built;
        ExportOpInvert(built);
        ExportOpFlip(built);
        return built;
    }();
    return m;
}

} // namespace cvcudapy
