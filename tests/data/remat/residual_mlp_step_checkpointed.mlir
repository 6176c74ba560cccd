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
    %cst_2 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %14 = stablehlo.multiply %13, %12 : tensor<16x16xf32>
    %15 = stablehlo.add %10, %14 : tensor<16x16xf32>
    %cst_3 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %17 = stablehlo.multiply %16, %15 : tensor<16x16xf32>
    %18 = stablehlo.tanh %17 : tensor<16x16xf32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %20 = stablehlo.add %19, %18 : tensor<16x16xf32>
    %cst_5 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %22 = stablehlo.multiply %21, %20 : tensor<16x16xf32>
    %23 = stablehlo.multiply %10, %22 : tensor<16x16xf32>
    %24 = stablehlo.dot_general %23, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x16xf32>, tensor<16x8xf32>) -> tensor<16x8xf32>
    %25 = stablehlo.add %arg6, %24 : tensor<16x8xf32>
    %26 = stablehlo.multiply %25, %25 : tensor<16x8xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %27 = stablehlo.reduce(%26 init: %cst_6) applies stablehlo.add across dimensions = [1] : (tensor<16x8xf32>, tensor<f32>) -> tensor<16xf32>
    %28 = stablehlo.broadcast_in_dim %27, dims = [0] : (tensor<16xf32>) -> tensor<16x1xf32>
    %cst_7 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %29 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<16x1xf32>
    %30 = stablehlo.divide %28, %29 : tensor<16x1xf32>
    %cst_8 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %31 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<16x1xf32>
    %32 = stablehlo.add %30, %31 : tensor<16x1xf32>
    %33 = stablehlo.rsqrt %32 : tensor<16x1xf32>
    %34 = stablehlo.broadcast_in_dim %33, dims = [0, 1] : (tensor<16x1xf32>) -> tensor<16x8xf32>
    %35 = stablehlo.multiply %25, %34 : tensor<16x8xf32>
    %36 = stablehlo.dot_general %35, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<8x16xf32>) -> tensor<16x16xf32>
    %37 = stablehlo.multiply %36, %36 : tensor<16x16xf32>
    %38 = stablehlo.multiply %37, %36 : tensor<16x16xf32>
    %cst_9 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %39 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %40 = stablehlo.multiply %39, %38 : tensor<16x16xf32>
    %41 = stablehlo.add %36, %40 : tensor<16x16xf32>
    %cst_10 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %42 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %43 = stablehlo.multiply %42, %41 : tensor<16x16xf32>
    %44 = stablehlo.tanh %43 : tensor<16x16xf32>
    %cst_11 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %45 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %46 = stablehlo.add %45, %44 : tensor<16x16xf32>
    %cst_12 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %47 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %48 = stablehlo.multiply %47, %46 : tensor<16x16xf32>
    %49 = stablehlo.multiply %36, %48 : tensor<16x16xf32>
    %50 = stablehlo.dot_general %49, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x16xf32>, tensor<16x8xf32>) -> tensor<16x8xf32>
    %51 = stablehlo.add %25, %50 : tensor<16x8xf32>
    %52 = stablehlo.multiply %51, %51 : tensor<16x8xf32>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %53 = stablehlo.reduce(%52 init: %cst_13) applies stablehlo.add across dimensions = [1] : (tensor<16x8xf32>, tensor<f32>) -> tensor<16xf32>
    %54 = stablehlo.broadcast_in_dim %53, dims = [0] : (tensor<16xf32>) -> tensor<16x1xf32>
    %cst_14 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %55 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<16x1xf32>
    %56 = stablehlo.divide %54, %55 : tensor<16x1xf32>
    %cst_15 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %57 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<16x1xf32>
    %58 = stablehlo.add %56, %57 : tensor<16x1xf32>
    %59 = stablehlo.rsqrt %58 : tensor<16x1xf32>
    %60 = stablehlo.broadcast_in_dim %59, dims = [0, 1] : (tensor<16x1xf32>) -> tensor<16x8xf32>
    %61 = stablehlo.multiply %51, %60 : tensor<16x8xf32>
    %62 = stablehlo.dot_general %61, %arg4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<8x16xf32>) -> tensor<16x16xf32>
    %63 = stablehlo.multiply %62, %62 : tensor<16x16xf32>
    %64 = stablehlo.multiply %63, %62 : tensor<16x16xf32>
    %cst_16 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %65 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %66 = stablehlo.multiply %65, %64 : tensor<16x16xf32>
    %67 = stablehlo.add %62, %66 : tensor<16x16xf32>
    %cst_17 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %68 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %69 = stablehlo.multiply %68, %67 : tensor<16x16xf32>
    %70 = stablehlo.tanh %69 : tensor<16x16xf32>
    %cst_18 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %71 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %72 = stablehlo.add %71, %70 : tensor<16x16xf32>
    %cst_19 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %73 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %74 = stablehlo.multiply %73, %72 : tensor<16x16xf32>
    %75 = stablehlo.multiply %62, %74 : tensor<16x16xf32>
    %76 = stablehlo.dot_general %75, %arg5, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x16xf32>, tensor<16x8xf32>) -> tensor<16x8xf32>
    %77 = stablehlo.add %51, %76 : tensor<16x8xf32>
    %78 = stablehlo.subtract %77, %arg7 : tensor<16x8xf32>
    %79 = stablehlo.multiply %78, %78 : tensor<16x8xf32>
    %cst_20 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %80 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<16x8xf32>
    %81 = stablehlo.multiply %80, %78 : tensor<16x8xf32>
    %cst_21 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %82 = stablehlo.reduce(%79 init: %cst_21) applies stablehlo.add across dimensions = [0, 1] : (tensor<16x8xf32>, tensor<f32>) -> tensor<f32>
    %cst_22 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %83 = stablehlo.divide %82, %cst_22 : tensor<f32>
    %cst_23 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_24 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %84 = stablehlo.divide %cst_23, %cst_24 : tensor<f32>
    %85 = stablehlo.broadcast_in_dim %84, dims = [] : (tensor<f32>) -> tensor<16x8xf32>
    %86 = stablehlo.multiply %85, %81 : tensor<16x8xf32>
    %87:4 = stablehlo.optimization_barrier %51, %arg4, %arg5, %86 : tensor<16x8xf32>, tensor<8x16xf32>, tensor<16x8xf32>, tensor<16x8xf32>
    %88 = stablehlo.multiply %87#0, %87#0 : tensor<16x8xf32>
    %cst_25 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %89 = stablehlo.reduce(%88 init: %cst_25) applies stablehlo.add across dimensions = [1] : (tensor<16x8xf32>, tensor<f32>) -> tensor<16xf32>
    %90 = stablehlo.broadcast_in_dim %89, dims = [0] : (tensor<16xf32>) -> tensor<16x1xf32>
    %cst_26 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %91 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<16x1xf32>
    %92 = stablehlo.divide %90, %91 : tensor<16x1xf32>
    %cst_27 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %93 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<16x1xf32>
    %94 = stablehlo.add %92, %93 : tensor<16x1xf32>
    %95 = stablehlo.rsqrt %94 : tensor<16x1xf32>
    %96 = stablehlo.divide %95, %94 : tensor<16x1xf32>
    %cst_28 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %97 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<16x1xf32>
    %98 = stablehlo.multiply %97, %96 : tensor<16x1xf32>
    %99 = stablehlo.broadcast_in_dim %95, dims = [0, 1] : (tensor<16x1xf32>) -> tensor<16x8xf32>
    %100 = stablehlo.multiply %87#0, %99 : tensor<16x8xf32>
    %101 = stablehlo.dot_general %100, %87#1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<8x16xf32>) -> tensor<16x16xf32>
    %102 = stablehlo.multiply %101, %101 : tensor<16x16xf32>
    %103 = stablehlo.multiply %102, %101 : tensor<16x16xf32>
    %104 = stablehlo.multiply %101, %101 : tensor<16x16xf32>
    %cst_29 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %105 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %106 = stablehlo.multiply %105, %104 : tensor<16x16xf32>
    %cst_30 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %107 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %108 = stablehlo.multiply %107, %103 : tensor<16x16xf32>
    %109 = stablehlo.add %101, %108 : tensor<16x16xf32>
    %cst_31 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %110 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %111 = stablehlo.multiply %110, %109 : tensor<16x16xf32>
    %112 = stablehlo.tanh %111 : tensor<16x16xf32>
    %cst_32 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %113 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %114 = stablehlo.subtract %113, %112 : tensor<16x16xf32>
    %cst_33 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %115 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %116 = stablehlo.add %115, %112 : tensor<16x16xf32>
    %cst_34 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %117 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %118 = stablehlo.multiply %117, %116 : tensor<16x16xf32>
    %119 = stablehlo.multiply %101, %118 : tensor<16x16xf32>
    %120 = stablehlo.dot_general %87#3, %119, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
    %121 = stablehlo.transpose %120, dims = [1, 0] : (tensor<8x16xf32>) -> tensor<16x8xf32>
    %122 = stablehlo.dot_general %87#3, %87#2, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<16x16xf32>
    %123 = stablehlo.multiply %101, %122 : tensor<16x16xf32>
    %124 = stablehlo.multiply %122, %118 : tensor<16x16xf32>
    %cst_35 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %125 = stablehlo.broadcast_in_dim %cst_35, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %126 = stablehlo.multiply %125, %123 : tensor<16x16xf32>
    %127 = stablehlo.multiply %126, %114 : tensor<16x16xf32>
    %128 = stablehlo.multiply %127, %112 : tensor<16x16xf32>
    %129 = stablehlo.add %127, %128 : tensor<16x16xf32>
    %cst_36 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %130 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %131 = stablehlo.multiply %130, %129 : tensor<16x16xf32>
    %132 = stablehlo.add %124, %131 : tensor<16x16xf32>
    %cst_37 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %133 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %134 = stablehlo.multiply %133, %131 : tensor<16x16xf32>
    %135 = stablehlo.multiply %134, %106 : tensor<16x16xf32>
    %136 = stablehlo.add %132, %135 : tensor<16x16xf32>
    %137 = stablehlo.dot_general %136, %100, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x16xf32>, tensor<16x8xf32>) -> tensor<16x8xf32>
    %138 = stablehlo.transpose %137, dims = [1, 0] : (tensor<16x8xf32>) -> tensor<8x16xf32>
    %139 = stablehlo.dot_general %136, %87#1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<16x16xf32>, tensor<8x16xf32>) -> tensor<16x8xf32>
    %140 = stablehlo.multiply %87#0, %139 : tensor<16x8xf32>
    %cst_38 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %141 = stablehlo.reduce(%140 init: %cst_38) applies stablehlo.add across dimensions = [1] : (tensor<16x8xf32>, tensor<f32>) -> tensor<16xf32>
    %142 = stablehlo.reshape %141 : (tensor<16xf32>) -> tensor<16x1xf32>
    %143 = stablehlo.broadcast_in_dim %95, dims = [0, 1] : (tensor<16x1xf32>) -> tensor<16x8xf32>
    %144 = stablehlo.multiply %139, %143 : tensor<16x8xf32>
    %145 = stablehlo.add %87#3, %144 : tensor<16x8xf32>
    %146 = stablehlo.multiply %142, %98 : tensor<16x1xf32>
    %cst_39 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %147 = stablehlo.broadcast_in_dim %cst_39, dims = [] : (tensor<f32>) -> tensor<16x1xf32>
    %148 = stablehlo.divide %146, %147 : tensor<16x1xf32>
    %cst_40 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %149 = stablehlo.reduce(%148 init: %cst_40) applies stablehlo.add across dimensions = [1] : (tensor<16x1xf32>, tensor<f32>) -> tensor<16xf32>
    %150 = stablehlo.broadcast_in_dim %149, dims = [0] : (tensor<16xf32>) -> tensor<16x8xf32>
    %151 = stablehlo.multiply %87#0, %150 : tensor<16x8xf32>
    %152 = stablehlo.add %145, %151 : tensor<16x8xf32>
    %153 = stablehlo.multiply %150, %87#0 : tensor<16x8xf32>
    %154 = stablehlo.add %152, %153 : tensor<16x8xf32>
    %155:4 = stablehlo.optimization_barrier %25, %arg2, %arg3, %154 : tensor<16x8xf32>, tensor<8x16xf32>, tensor<16x8xf32>, tensor<16x8xf32>
    %156 = stablehlo.multiply %155#0, %155#0 : tensor<16x8xf32>
    %cst_41 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %157 = stablehlo.reduce(%156 init: %cst_41) applies stablehlo.add across dimensions = [1] : (tensor<16x8xf32>, tensor<f32>) -> tensor<16xf32>
    %158 = stablehlo.broadcast_in_dim %157, dims = [0] : (tensor<16xf32>) -> tensor<16x1xf32>
    %cst_42 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %159 = stablehlo.broadcast_in_dim %cst_42, dims = [] : (tensor<f32>) -> tensor<16x1xf32>
    %160 = stablehlo.divide %158, %159 : tensor<16x1xf32>
    %cst_43 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %161 = stablehlo.broadcast_in_dim %cst_43, dims = [] : (tensor<f32>) -> tensor<16x1xf32>
    %162 = stablehlo.add %160, %161 : tensor<16x1xf32>
    %163 = stablehlo.rsqrt %162 : tensor<16x1xf32>
    %164 = stablehlo.divide %163, %162 : tensor<16x1xf32>
    %cst_44 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %165 = stablehlo.broadcast_in_dim %cst_44, dims = [] : (tensor<f32>) -> tensor<16x1xf32>
    %166 = stablehlo.multiply %165, %164 : tensor<16x1xf32>
    %167 = stablehlo.broadcast_in_dim %163, dims = [0, 1] : (tensor<16x1xf32>) -> tensor<16x8xf32>
    %168 = stablehlo.multiply %155#0, %167 : tensor<16x8xf32>
    %169 = stablehlo.dot_general %168, %155#1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<8x16xf32>) -> tensor<16x16xf32>
    %170 = stablehlo.multiply %169, %169 : tensor<16x16xf32>
    %171 = stablehlo.multiply %170, %169 : tensor<16x16xf32>
    %172 = stablehlo.multiply %169, %169 : tensor<16x16xf32>
    %cst_45 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %173 = stablehlo.broadcast_in_dim %cst_45, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %174 = stablehlo.multiply %173, %172 : tensor<16x16xf32>
    %cst_46 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %175 = stablehlo.broadcast_in_dim %cst_46, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %176 = stablehlo.multiply %175, %171 : tensor<16x16xf32>
    %177 = stablehlo.add %169, %176 : tensor<16x16xf32>
    %cst_47 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %178 = stablehlo.broadcast_in_dim %cst_47, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %179 = stablehlo.multiply %178, %177 : tensor<16x16xf32>
    %180 = stablehlo.tanh %179 : tensor<16x16xf32>
    %cst_48 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %181 = stablehlo.broadcast_in_dim %cst_48, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %182 = stablehlo.subtract %181, %180 : tensor<16x16xf32>
    %cst_49 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %183 = stablehlo.broadcast_in_dim %cst_49, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %184 = stablehlo.add %183, %180 : tensor<16x16xf32>
    %cst_50 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %185 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %186 = stablehlo.multiply %185, %184 : tensor<16x16xf32>
    %187 = stablehlo.multiply %169, %186 : tensor<16x16xf32>
    %188 = stablehlo.dot_general %155#3, %187, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
    %189 = stablehlo.transpose %188, dims = [1, 0] : (tensor<8x16xf32>) -> tensor<16x8xf32>
    %190 = stablehlo.dot_general %155#3, %155#2, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<16x16xf32>
    %191 = stablehlo.multiply %169, %190 : tensor<16x16xf32>
    %192 = stablehlo.multiply %190, %186 : tensor<16x16xf32>
    %cst_51 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %193 = stablehlo.broadcast_in_dim %cst_51, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %194 = stablehlo.multiply %193, %191 : tensor<16x16xf32>
    %195 = stablehlo.multiply %194, %182 : tensor<16x16xf32>
    %196 = stablehlo.multiply %195, %180 : tensor<16x16xf32>
    %197 = stablehlo.add %195, %196 : tensor<16x16xf32>
    %cst_52 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %198 = stablehlo.broadcast_in_dim %cst_52, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %199 = stablehlo.multiply %198, %197 : tensor<16x16xf32>
    %200 = stablehlo.add %192, %199 : tensor<16x16xf32>
    %cst_53 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %201 = stablehlo.broadcast_in_dim %cst_53, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %202 = stablehlo.multiply %201, %199 : tensor<16x16xf32>
    %203 = stablehlo.multiply %202, %174 : tensor<16x16xf32>
    %204 = stablehlo.add %200, %203 : tensor<16x16xf32>
    %205 = stablehlo.dot_general %204, %168, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x16xf32>, tensor<16x8xf32>) -> tensor<16x8xf32>
    %206 = stablehlo.transpose %205, dims = [1, 0] : (tensor<16x8xf32>) -> tensor<8x16xf32>
    %207 = stablehlo.dot_general %204, %155#1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<16x16xf32>, tensor<8x16xf32>) -> tensor<16x8xf32>
    %208 = stablehlo.multiply %155#0, %207 : tensor<16x8xf32>
    %cst_54 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %209 = stablehlo.reduce(%208 init: %cst_54) applies stablehlo.add across dimensions = [1] : (tensor<16x8xf32>, tensor<f32>) -> tensor<16xf32>
    %210 = stablehlo.reshape %209 : (tensor<16xf32>) -> tensor<16x1xf32>
    %211 = stablehlo.broadcast_in_dim %163, dims = [0, 1] : (tensor<16x1xf32>) -> tensor<16x8xf32>
    %212 = stablehlo.multiply %207, %211 : tensor<16x8xf32>
    %213 = stablehlo.add %155#3, %212 : tensor<16x8xf32>
    %214 = stablehlo.multiply %210, %166 : tensor<16x1xf32>
    %cst_55 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %215 = stablehlo.broadcast_in_dim %cst_55, dims = [] : (tensor<f32>) -> tensor<16x1xf32>
    %216 = stablehlo.divide %214, %215 : tensor<16x1xf32>
    %cst_56 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %217 = stablehlo.reduce(%216 init: %cst_56) applies stablehlo.add across dimensions = [1] : (tensor<16x1xf32>, tensor<f32>) -> tensor<16xf32>
    %218 = stablehlo.broadcast_in_dim %217, dims = [0] : (tensor<16xf32>) -> tensor<16x8xf32>
    %219 = stablehlo.multiply %155#0, %218 : tensor<16x8xf32>
    %220 = stablehlo.add %213, %219 : tensor<16x8xf32>
    %221 = stablehlo.multiply %218, %155#0 : tensor<16x8xf32>
    %222 = stablehlo.add %220, %221 : tensor<16x8xf32>
    %223:4 = stablehlo.optimization_barrier %arg6, %arg0, %arg1, %222 : tensor<16x8xf32>, tensor<8x16xf32>, tensor<16x8xf32>, tensor<16x8xf32>
    %224 = stablehlo.multiply %223#0, %223#0 : tensor<16x8xf32>
    %cst_57 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %225 = stablehlo.reduce(%224 init: %cst_57) applies stablehlo.add across dimensions = [1] : (tensor<16x8xf32>, tensor<f32>) -> tensor<16xf32>
    %226 = stablehlo.broadcast_in_dim %225, dims = [0] : (tensor<16xf32>) -> tensor<16x1xf32>
    %cst_58 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %227 = stablehlo.broadcast_in_dim %cst_58, dims = [] : (tensor<f32>) -> tensor<16x1xf32>
    %228 = stablehlo.divide %226, %227 : tensor<16x1xf32>
    %cst_59 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %229 = stablehlo.broadcast_in_dim %cst_59, dims = [] : (tensor<f32>) -> tensor<16x1xf32>
    %230 = stablehlo.add %228, %229 : tensor<16x1xf32>
    %231 = stablehlo.rsqrt %230 : tensor<16x1xf32>
    %232 = stablehlo.broadcast_in_dim %231, dims = [0, 1] : (tensor<16x1xf32>) -> tensor<16x8xf32>
    %233 = stablehlo.multiply %223#0, %232 : tensor<16x8xf32>
    %234 = stablehlo.dot_general %233, %223#1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<8x16xf32>) -> tensor<16x16xf32>
    %235 = stablehlo.multiply %234, %234 : tensor<16x16xf32>
    %236 = stablehlo.multiply %235, %234 : tensor<16x16xf32>
    %237 = stablehlo.multiply %234, %234 : tensor<16x16xf32>
    %cst_60 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %238 = stablehlo.broadcast_in_dim %cst_60, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %239 = stablehlo.multiply %238, %237 : tensor<16x16xf32>
    %cst_61 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %240 = stablehlo.broadcast_in_dim %cst_61, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %241 = stablehlo.multiply %240, %236 : tensor<16x16xf32>
    %242 = stablehlo.add %234, %241 : tensor<16x16xf32>
    %cst_62 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %243 = stablehlo.broadcast_in_dim %cst_62, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %244 = stablehlo.multiply %243, %242 : tensor<16x16xf32>
    %245 = stablehlo.tanh %244 : tensor<16x16xf32>
    %cst_63 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %246 = stablehlo.broadcast_in_dim %cst_63, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %247 = stablehlo.subtract %246, %245 : tensor<16x16xf32>
    %cst_64 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %248 = stablehlo.broadcast_in_dim %cst_64, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %249 = stablehlo.add %248, %245 : tensor<16x16xf32>
    %cst_65 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %250 = stablehlo.broadcast_in_dim %cst_65, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %251 = stablehlo.multiply %250, %249 : tensor<16x16xf32>
    %252 = stablehlo.multiply %234, %251 : tensor<16x16xf32>
    %253 = stablehlo.dot_general %223#3, %252, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
    %254 = stablehlo.transpose %253, dims = [1, 0] : (tensor<8x16xf32>) -> tensor<16x8xf32>
    %255 = stablehlo.dot_general %223#3, %223#2, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<16x16xf32>
    %256 = stablehlo.multiply %234, %255 : tensor<16x16xf32>
    %257 = stablehlo.multiply %255, %251 : tensor<16x16xf32>
    %cst_66 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %258 = stablehlo.broadcast_in_dim %cst_66, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %259 = stablehlo.multiply %258, %256 : tensor<16x16xf32>
    %260 = stablehlo.multiply %259, %247 : tensor<16x16xf32>
    %261 = stablehlo.multiply %260, %245 : tensor<16x16xf32>
    %262 = stablehlo.add %260, %261 : tensor<16x16xf32>
    %cst_67 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %263 = stablehlo.broadcast_in_dim %cst_67, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %264 = stablehlo.multiply %263, %262 : tensor<16x16xf32>
    %265 = stablehlo.add %257, %264 : tensor<16x16xf32>
    %cst_68 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %266 = stablehlo.broadcast_in_dim %cst_68, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %267 = stablehlo.multiply %266, %264 : tensor<16x16xf32>
    %268 = stablehlo.multiply %267, %239 : tensor<16x16xf32>
    %269 = stablehlo.add %265, %268 : tensor<16x16xf32>
    %270 = stablehlo.dot_general %269, %233, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x16xf32>, tensor<16x8xf32>) -> tensor<16x8xf32>
    %271 = stablehlo.transpose %270, dims = [1, 0] : (tensor<16x8xf32>) -> tensor<8x16xf32>
    return %83, %271, %254, %206, %189, %138, %121 : tensor<f32>, tensor<8x16xf32>, tensor<16x8xf32>, tensor<8x16xf32>, tensor<16x8xf32>, tensor<8x16xf32>, tensor<16x8xf32>
  }
}
