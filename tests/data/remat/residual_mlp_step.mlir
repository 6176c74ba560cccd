module @jit_loss attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x16xf32>, %arg1: tensor<16x8xf32>, %arg2: tensor<8x16xf32>, %arg3: tensor<16x8xf32>, %arg4: tensor<8x16xf32>, %arg5: tensor<16x8xf32>, %arg6: tensor<16x8xf32>, %arg7: tensor<16x8xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<8x16xf32> {jax.result_info = "result[1][0][0]"}, tensor<16x8xf32> {jax.result_info = "result[1][0][1]"}, tensor<8x16xf32> {jax.result_info = "result[1][1][0]"}, tensor<16x8xf32> {jax.result_info = "result[1][1][1]"}, tensor<8x16xf32> {jax.result_info = "result[1][2][0]"}, tensor<16x8xf32> {jax.result_info = "result[1][2][1]"}) {
    %0 = stablehlo.multiply %arg6, %arg6 : tensor<16x8xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<16x8xf32>, tensor<f32>) -> tensor<16xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0] : (tensor<16xf32>) -> tensor<16x1xf32>
    %cst_0 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<16x1xf32>
    %4 = stablehlo.divide %2, %3 : tensor<16x1xf32>
    %cst_1 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<16x1xf32>
    %6 = stablehlo.add %4, %5 : tensor<16x1xf32>
    %7 = stablehlo.rsqrt %6 : tensor<16x1xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<16x1xf32>) -> tensor<16x8xf32>
    %9 = stablehlo.multiply %arg6, %8 : tensor<16x8xf32>
    %10 = stablehlo.dot_general %9, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<8x16xf32>) -> tensor<16x16xf32>
    %11 = stablehlo.multiply %10, %10 : tensor<16x16xf32>
    %12 = stablehlo.multiply %11, %10 : tensor<16x16xf32>
    %13 = stablehlo.multiply %10, %10 : tensor<16x16xf32>
    %cst_2 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %15 = stablehlo.multiply %14, %13 : tensor<16x16xf32>
    %cst_3 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %17 = stablehlo.multiply %16, %12 : tensor<16x16xf32>
    %18 = stablehlo.add %10, %17 : tensor<16x16xf32>
    %cst_4 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %20 = stablehlo.multiply %19, %18 : tensor<16x16xf32>
    %21 = stablehlo.tanh %20 : tensor<16x16xf32>
    %cst_5 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %23 = stablehlo.subtract %22, %21 : tensor<16x16xf32>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %25 = stablehlo.add %24, %21 : tensor<16x16xf32>
    %cst_7 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %27 = stablehlo.multiply %26, %25 : tensor<16x16xf32>
    %28 = stablehlo.multiply %10, %27 : tensor<16x16xf32>
    %29 = stablehlo.dot_general %28, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x16xf32>, tensor<16x8xf32>) -> tensor<16x8xf32>
    %30 = stablehlo.add %arg6, %29 : tensor<16x8xf32>
    %31 = stablehlo.multiply %30, %30 : tensor<16x8xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %32 = stablehlo.reduce(%31 init: %cst_8) applies stablehlo.add across dimensions = [1] : (tensor<16x8xf32>, tensor<f32>) -> tensor<16xf32>
    %33 = stablehlo.broadcast_in_dim %32, dims = [0] : (tensor<16xf32>) -> tensor<16x1xf32>
    %cst_9 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %34 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<16x1xf32>
    %35 = stablehlo.divide %33, %34 : tensor<16x1xf32>
    %cst_10 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %36 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<16x1xf32>
    %37 = stablehlo.add %35, %36 : tensor<16x1xf32>
    %38 = stablehlo.rsqrt %37 : tensor<16x1xf32>
    %39 = stablehlo.divide %38, %37 : tensor<16x1xf32>
    %cst_11 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<16x1xf32>
    %41 = stablehlo.multiply %40, %39 : tensor<16x1xf32>
    %42 = stablehlo.broadcast_in_dim %38, dims = [0, 1] : (tensor<16x1xf32>) -> tensor<16x8xf32>
    %43 = stablehlo.multiply %30, %42 : tensor<16x8xf32>
    %44 = stablehlo.dot_general %43, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<8x16xf32>) -> tensor<16x16xf32>
    %45 = stablehlo.multiply %44, %44 : tensor<16x16xf32>
    %46 = stablehlo.multiply %45, %44 : tensor<16x16xf32>
    %47 = stablehlo.multiply %44, %44 : tensor<16x16xf32>
    %cst_12 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %48 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %49 = stablehlo.multiply %48, %47 : tensor<16x16xf32>
    %cst_13 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %50 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %51 = stablehlo.multiply %50, %46 : tensor<16x16xf32>
    %52 = stablehlo.add %44, %51 : tensor<16x16xf32>
    %cst_14 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %53 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %54 = stablehlo.multiply %53, %52 : tensor<16x16xf32>
    %55 = stablehlo.tanh %54 : tensor<16x16xf32>
    %cst_15 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %56 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %57 = stablehlo.subtract %56, %55 : tensor<16x16xf32>
    %cst_16 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %58 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %59 = stablehlo.add %58, %55 : tensor<16x16xf32>
    %cst_17 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %60 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %61 = stablehlo.multiply %60, %59 : tensor<16x16xf32>
    %62 = stablehlo.multiply %44, %61 : tensor<16x16xf32>
    %63 = stablehlo.dot_general %62, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x16xf32>, tensor<16x8xf32>) -> tensor<16x8xf32>
    %64 = stablehlo.add %30, %63 : tensor<16x8xf32>
    %65 = stablehlo.multiply %64, %64 : tensor<16x8xf32>
    %cst_18 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %66 = stablehlo.reduce(%65 init: %cst_18) applies stablehlo.add across dimensions = [1] : (tensor<16x8xf32>, tensor<f32>) -> tensor<16xf32>
    %67 = stablehlo.broadcast_in_dim %66, dims = [0] : (tensor<16xf32>) -> tensor<16x1xf32>
    %cst_19 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %68 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<16x1xf32>
    %69 = stablehlo.divide %67, %68 : tensor<16x1xf32>
    %cst_20 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %70 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<16x1xf32>
    %71 = stablehlo.add %69, %70 : tensor<16x1xf32>
    %72 = stablehlo.rsqrt %71 : tensor<16x1xf32>
    %73 = stablehlo.divide %72, %71 : tensor<16x1xf32>
    %cst_21 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %74 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<16x1xf32>
    %75 = stablehlo.multiply %74, %73 : tensor<16x1xf32>
    %76 = stablehlo.broadcast_in_dim %72, dims = [0, 1] : (tensor<16x1xf32>) -> tensor<16x8xf32>
    %77 = stablehlo.multiply %64, %76 : tensor<16x8xf32>
    %78 = stablehlo.dot_general %77, %arg4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<8x16xf32>) -> tensor<16x16xf32>
    %79 = stablehlo.multiply %78, %78 : tensor<16x16xf32>
    %80 = stablehlo.multiply %79, %78 : tensor<16x16xf32>
    %81 = stablehlo.multiply %78, %78 : tensor<16x16xf32>
    %cst_22 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %82 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %83 = stablehlo.multiply %82, %81 : tensor<16x16xf32>
    %cst_23 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %84 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %85 = stablehlo.multiply %84, %80 : tensor<16x16xf32>
    %86 = stablehlo.add %78, %85 : tensor<16x16xf32>
    %cst_24 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %87 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %88 = stablehlo.multiply %87, %86 : tensor<16x16xf32>
    %89 = stablehlo.tanh %88 : tensor<16x16xf32>
    %cst_25 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %90 = stablehlo.broadcast_in_dim %cst_25, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %91 = stablehlo.subtract %90, %89 : tensor<16x16xf32>
    %cst_26 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %92 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %93 = stablehlo.add %92, %89 : tensor<16x16xf32>
    %cst_27 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %94 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %95 = stablehlo.multiply %94, %93 : tensor<16x16xf32>
    %96 = stablehlo.multiply %78, %95 : tensor<16x16xf32>
    %97 = stablehlo.dot_general %96, %arg5, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x16xf32>, tensor<16x8xf32>) -> tensor<16x8xf32>
    %98 = stablehlo.add %64, %97 : tensor<16x8xf32>
    %99 = stablehlo.subtract %98, %arg7 : tensor<16x8xf32>
    %100 = stablehlo.multiply %99, %99 : tensor<16x8xf32>
    %cst_28 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %101 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<16x8xf32>
    %102 = stablehlo.multiply %101, %99 : tensor<16x8xf32>
    %cst_29 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %103 = stablehlo.reduce(%100 init: %cst_29) applies stablehlo.add across dimensions = [0, 1] : (tensor<16x8xf32>, tensor<f32>) -> tensor<f32>
    %cst_30 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %104 = stablehlo.divide %103, %cst_30 : tensor<f32>
    %cst_31 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_32 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %105 = stablehlo.divide %cst_31, %cst_32 : tensor<f32>
    %106 = stablehlo.broadcast_in_dim %105, dims = [] : (tensor<f32>) -> tensor<16x8xf32>
    %107 = stablehlo.multiply %106, %102 : tensor<16x8xf32>
    %108 = stablehlo.dot_general %107, %96, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
    %109 = stablehlo.transpose %108, dims = [1, 0] : (tensor<8x16xf32>) -> tensor<16x8xf32>
    %110 = stablehlo.dot_general %107, %arg5, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<16x16xf32>
    %111 = stablehlo.multiply %78, %110 : tensor<16x16xf32>
    %112 = stablehlo.multiply %110, %95 : tensor<16x16xf32>
    %cst_33 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %113 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %114 = stablehlo.multiply %113, %111 : tensor<16x16xf32>
    %115 = stablehlo.multiply %114, %91 : tensor<16x16xf32>
    %116 = stablehlo.multiply %115, %89 : tensor<16x16xf32>
    %117 = stablehlo.add %115, %116 : tensor<16x16xf32>
    %cst_34 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %118 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %119 = stablehlo.multiply %118, %117 : tensor<16x16xf32>
    %120 = stablehlo.add %112, %119 : tensor<16x16xf32>
    %cst_35 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %121 = stablehlo.broadcast_in_dim %cst_35, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %122 = stablehlo.multiply %121, %119 : tensor<16x16xf32>
    %123 = stablehlo.multiply %122, %83 : tensor<16x16xf32>
    %124 = stablehlo.add %120, %123 : tensor<16x16xf32>
    %125 = stablehlo.dot_general %124, %77, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x16xf32>, tensor<16x8xf32>) -> tensor<16x8xf32>
    %126 = stablehlo.transpose %125, dims = [1, 0] : (tensor<16x8xf32>) -> tensor<8x16xf32>
    %127 = stablehlo.dot_general %124, %arg4, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<16x16xf32>, tensor<8x16xf32>) -> tensor<16x8xf32>
    %128 = stablehlo.multiply %64, %127 : tensor<16x8xf32>
    %cst_36 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %129 = stablehlo.reduce(%128 init: %cst_36) applies stablehlo.add across dimensions = [1] : (tensor<16x8xf32>, tensor<f32>) -> tensor<16xf32>
    %130 = stablehlo.reshape %129 : (tensor<16xf32>) -> tensor<16x1xf32>
    %131 = stablehlo.broadcast_in_dim %72, dims = [0, 1] : (tensor<16x1xf32>) -> tensor<16x8xf32>
    %132 = stablehlo.multiply %127, %131 : tensor<16x8xf32>
    %133 = stablehlo.add %107, %132 : tensor<16x8xf32>
    %134 = stablehlo.multiply %130, %75 : tensor<16x1xf32>
    %cst_37 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %135 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<f32>) -> tensor<16x1xf32>
    %136 = stablehlo.divide %134, %135 : tensor<16x1xf32>
    %cst_38 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %137 = stablehlo.reduce(%136 init: %cst_38) applies stablehlo.add across dimensions = [1] : (tensor<16x1xf32>, tensor<f32>) -> tensor<16xf32>
    %138 = stablehlo.broadcast_in_dim %137, dims = [0] : (tensor<16xf32>) -> tensor<16x8xf32>
    %139 = stablehlo.multiply %64, %138 : tensor<16x8xf32>
    %140 = stablehlo.add %133, %139 : tensor<16x8xf32>
    %141 = stablehlo.multiply %138, %64 : tensor<16x8xf32>
    %142 = stablehlo.add %140, %141 : tensor<16x8xf32>
    %143 = stablehlo.dot_general %142, %62, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
    %144 = stablehlo.transpose %143, dims = [1, 0] : (tensor<8x16xf32>) -> tensor<16x8xf32>
    %145 = stablehlo.dot_general %142, %arg3, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<16x16xf32>
    %146 = stablehlo.multiply %44, %145 : tensor<16x16xf32>
    %147 = stablehlo.multiply %145, %61 : tensor<16x16xf32>
    %cst_39 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %148 = stablehlo.broadcast_in_dim %cst_39, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %149 = stablehlo.multiply %148, %146 : tensor<16x16xf32>
    %150 = stablehlo.multiply %149, %57 : tensor<16x16xf32>
    %151 = stablehlo.multiply %150, %55 : tensor<16x16xf32>
    %152 = stablehlo.add %150, %151 : tensor<16x16xf32>
    %cst_40 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %153 = stablehlo.broadcast_in_dim %cst_40, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %154 = stablehlo.multiply %153, %152 : tensor<16x16xf32>
    %155 = stablehlo.add %147, %154 : tensor<16x16xf32>
    %cst_41 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %156 = stablehlo.broadcast_in_dim %cst_41, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %157 = stablehlo.multiply %156, %154 : tensor<16x16xf32>
    %158 = stablehlo.multiply %157, %49 : tensor<16x16xf32>
    %159 = stablehlo.add %155, %158 : tensor<16x16xf32>
    %160 = stablehlo.dot_general %159, %43, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x16xf32>, tensor<16x8xf32>) -> tensor<16x8xf32>
    %161 = stablehlo.transpose %160, dims = [1, 0] : (tensor<16x8xf32>) -> tensor<8x16xf32>
    %162 = stablehlo.dot_general %159, %arg2, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<16x16xf32>, tensor<8x16xf32>) -> tensor<16x8xf32>
    %163 = stablehlo.multiply %30, %162 : tensor<16x8xf32>
    %cst_42 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %164 = stablehlo.reduce(%163 init: %cst_42) applies stablehlo.add across dimensions = [1] : (tensor<16x8xf32>, tensor<f32>) -> tensor<16xf32>
    %165 = stablehlo.reshape %164 : (tensor<16xf32>) -> tensor<16x1xf32>
    %166 = stablehlo.broadcast_in_dim %38, dims = [0, 1] : (tensor<16x1xf32>) -> tensor<16x8xf32>
    %167 = stablehlo.multiply %162, %166 : tensor<16x8xf32>
    %168 = stablehlo.add %142, %167 : tensor<16x8xf32>
    %169 = stablehlo.multiply %165, %41 : tensor<16x1xf32>
    %cst_43 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %170 = stablehlo.broadcast_in_dim %cst_43, dims = [] : (tensor<f32>) -> tensor<16x1xf32>
    %171 = stablehlo.divide %169, %170 : tensor<16x1xf32>
    %cst_44 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %172 = stablehlo.reduce(%171 init: %cst_44) applies stablehlo.add across dimensions = [1] : (tensor<16x1xf32>, tensor<f32>) -> tensor<16xf32>
    %173 = stablehlo.broadcast_in_dim %172, dims = [0] : (tensor<16xf32>) -> tensor<16x8xf32>
    %174 = stablehlo.multiply %30, %173 : tensor<16x8xf32>
    %175 = stablehlo.add %168, %174 : tensor<16x8xf32>
    %176 = stablehlo.multiply %173, %30 : tensor<16x8xf32>
    %177 = stablehlo.add %175, %176 : tensor<16x8xf32>
    %178 = stablehlo.dot_general %177, %28, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
    %179 = stablehlo.transpose %178, dims = [1, 0] : (tensor<8x16xf32>) -> tensor<16x8xf32>
    %180 = stablehlo.dot_general %177, %arg1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<16x16xf32>
    %181 = stablehlo.multiply %10, %180 : tensor<16x16xf32>
    %182 = stablehlo.multiply %180, %27 : tensor<16x16xf32>
    %cst_45 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %183 = stablehlo.broadcast_in_dim %cst_45, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %184 = stablehlo.multiply %183, %181 : tensor<16x16xf32>
    %185 = stablehlo.multiply %184, %23 : tensor<16x16xf32>
    %186 = stablehlo.multiply %185, %21 : tensor<16x16xf32>
    %187 = stablehlo.add %185, %186 : tensor<16x16xf32>
    %cst_46 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %188 = stablehlo.broadcast_in_dim %cst_46, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %189 = stablehlo.multiply %188, %187 : tensor<16x16xf32>
    %190 = stablehlo.add %182, %189 : tensor<16x16xf32>
    %cst_47 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %191 = stablehlo.broadcast_in_dim %cst_47, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %192 = stablehlo.multiply %191, %189 : tensor<16x16xf32>
    %193 = stablehlo.multiply %192, %15 : tensor<16x16xf32>
    %194 = stablehlo.add %190, %193 : tensor<16x16xf32>
    %195 = stablehlo.dot_general %194, %9, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x16xf32>, tensor<16x8xf32>) -> tensor<16x8xf32>
    %196 = stablehlo.transpose %195, dims = [1, 0] : (tensor<16x8xf32>) -> tensor<8x16xf32>
    return %104, %196, %179, %161, %144, %126, %109 : tensor<f32>, tensor<8x16xf32>, tensor<16x8xf32>, tensor<8x16xf32>, tensor<16x8xf32>, tensor<8x16xf32>, tensor<16x8xf32>
  }
}
