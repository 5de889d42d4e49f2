// SPDX-License-Identifier: Apache-2.0
#include <cvcuda/Operator.h>

void cvcudaOperatorDestroy(NVCVOperatorHandle handle) {
    delete reinterpret_cast<cvcuda::IOperator*>(handle);
}
