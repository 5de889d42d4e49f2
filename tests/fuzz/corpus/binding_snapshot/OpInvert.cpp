// SPDX-License-Identifier: Apache-2.0
#include "Operators.hpp"

namespace cvcudapy {
namespace {
Tensor FuzzInto(Tensor &output, Tensor &input, std::optional<Stream> pstream)
{
    return output;
}

Tensor Fuzz(Tensor &input, std::optional<Stream> pstream)
{
    return input;
}
} // namespace

void ExportOpFuzz(py::module &m)
{
    using namespace pybind11::literals;
    m.def("invert", &Fuzz, "src"_a, py::kw_only(), "stream"_a = nullptr);
    m.def("invert_into", &FuzzInto, "dst"_a, "src"_a, py::kw_only(), "stream"_a = nullptr);
}
} // namespace cvcudapy
